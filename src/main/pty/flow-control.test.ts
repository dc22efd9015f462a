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

describe('FlowControl without fixed watermarks', () => {
  /** A flow whose clock the test moves. */
  function measured() {
    let time = 0;
    const flow = new FlowControl(undefined, undefined, () => time);
    return { flow, wait: (ms: number) => (time += ms) };
  }

  /** Floods the flow past its high watermark, then lets the viewer drain it at `bytesPerMs`. */
  function drainAt(flow: FlowControl, wait: (ms: number) => void, bytesPerMs: number) {
    expect(flow.sent(flow.watermarks.high + 1)).toBe(true);
    let resumed = false;
    while (!resumed) {
      wait(5);
      resumed = flow.acknowledged(bytesPerMs * 5);
    }
    flow.acknowledged(flow.pending);
  }

  it('holds 50 ms of what the viewer parsed while the producer was paused, resuming at 25 ms', () => {
    const { flow, wait } = measured();
    expect(flow.watermarks).toEqual({ high: 262_144, low: 131_072 });
    // A fast viewer (cat of a log): 20 MB/s.
    drainAt(flow, wait, 20_000);
    drainAt(flow, wait, 20_000);
    expect(flow.watermarks).toEqual({ high: 1_000_000, low: 500_000 });
    // The same viewer on output it parses slowly (`yes`): the window shrinks to the same time.
    for (let i = 0; i < 8; i++) drainAt(flow, wait, 5_000);
    expect(flow.watermarks.high).toBe(250_000);
  });

  it('sends a quarter of the window at a time, between 64 and 256 KiB', () => {
    const { flow, wait } = measured();
    expect(flow.batchSize).toBe(64 * 1024);
    // A fast viewer (cat of a log, 40 MB/s): a 2 MB window, fewer and larger batches.
    for (let i = 0; i < 3; i++) drainAt(flow, wait, 40_000);
    expect(flow.batchSize).toBe(256 * 1024);
    for (let i = 0; i < 3; i++) drainAt(flow, wait, 4_000);
    expect(flow.batchSize).toBe(64 * 1024);
    expect(new FlowControl(1_000_000, 500_000).batchSize).toBe(250_000);
  });

  it('is not thrown by acknowledgements that arrive bunched together', () => {
    const { flow, wait } = measured();
    for (let i = 0; i < 5; i++) drainAt(flow, wait, 5_000);
    expect(flow.watermarks.high).toBe(250_000);
    // Twice, the whole gap to the low watermark acknowledged within a millisecond of the pause:
    // acknowledgements that waited in the socket, not a viewer parsing 75 MB/s.
    for (let i = 0; i < 2; i++) {
      expect(flow.sent(flow.watermarks.high + 1)).toBe(true);
      wait(1);
      expect(flow.acknowledged(flow.pending - flow.watermarks.low + 1)).toBe(true);
      flow.acknowledged(flow.pending);
    }
    expect(flow.watermarks.high).toBe(250_000);
  });

  it('follows output that parses slower within three pauses', () => {
    const { flow, wait } = measured();
    // A build log at 20 MB/s, then `yes` at 5 MB/s: Ctrl+C soon after must not wait on a
    // window sized for the log.
    for (let i = 0; i < 8; i++) drainAt(flow, wait, 20_000);
    for (let i = 0; i < 3; i++) drainAt(flow, wait, 5_000);
    expect(flow.watermarks.high).toBe(250_000);
  });

  it('learns nothing from a viewer that stopped (a page that went away), and stays in bounds', () => {
    const { flow, wait } = measured();
    flow.sent(300_000);
    wait(30_000);
    expect(flow.acknowledged(300_000)).toBe(true);
    expect(flow.watermarks.high).toBe(262_144);
    for (let i = 0; i < 4; i++) drainAt(flow, wait, 200);
    expect(flow.watermarks.high).toBe(64 * 1024);
    for (let i = 0; i < 20; i++) drainAt(flow, wait, 1_000_000);
    expect(flow.watermarks.high).toBe(4 * 1024 * 1024);
  });
});
