// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { BACKGROUND_FRAME_MS, BUSY_MS, busyElsewhere, inputFirstFrame } from './input-first';

const block = (id: string) => {
  const element = document.body.appendChild(document.createElement('div'));
  element.dataset['blockId'] = id;
  const inner = element.appendChild(document.createElement('textarea'));
  return { element, inner };
};

const press = (target: HTMLElement) => {
  target.focus();
  target.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
};

/** How long `schedule` took to call back. */
const delayOf = (schedule: (callback: () => void) => void) =>
  new Promise<number>((resolve) => {
    const start = performance.now();
    schedule(() => resolve(performance.now() - start));
  });

afterEach(() => {
  document.body.replaceChildren();
});

describe('input first', () => {
  it('holds back the blocks the user is not typing in, for a moment after their last key', async () => {
    const streaming = block('agent');
    const typing = block('typing');
    const frame = inputFirstFrame(() => streaming.inner);
    press(typing.inner);
    expect(busyElsewhere(streaming.inner)).toBe(true);
    expect(busyElsewhere(typing.inner)).toBe(false);
    expect(await delayOf(frame)).toBeGreaterThanOrEqual(BACKGROUND_FRAME_MS - 1);
    // The block being typed in draws at the next frame.
    expect(await delayOf(inputFirstFrame(() => typing.inner))).toBeLessThan(BACKGROUND_FRAME_MS);
    await new Promise((resolve) => setTimeout(resolve, BUSY_MS));
    expect(busyElsewhere(streaming.inner)).toBe(false);
    expect(await delayOf(frame)).toBeLessThan(BACKGROUND_FRAME_MS);
  });
});
