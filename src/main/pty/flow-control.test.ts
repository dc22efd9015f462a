import { describe, expect, it } from 'vitest';
import { FlowControl } from './flow-control';

describe('FlowControl', () => {
  it('pauses once above the high watermark and resumes only below the low one', () => {
    const flow = new FlowControl(100, 10);
    expect(flow.sent(60)).toBe(false);
    expect(flow.sent(60)).toBe(true);
    expect(flow.isPaused).toBe(true);
    expect(flow.sent(50)).toBe(false);
    expect(flow.acknowledged(100)).toBe(false);
    expect(flow.pending).toBe(70);
    expect(flow.acknowledged(61)).toBe(true);
    expect(flow.isPaused).toBe(false);
    expect(flow.pending).toBe(9);
  });

  it('never counts below zero when a viewer acknowledges too much', () => {
    const flow = new FlowControl(100, 10);
    flow.sent(5);
    flow.acknowledged(50);
    expect(flow.pending).toBe(0);
  });

  it('refuses watermarks in the wrong order', () => {
    expect(() => new FlowControl(10, 10)).toThrow(RangeError);
  });
});
