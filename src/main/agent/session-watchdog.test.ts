import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionWatchdog } from './session-watchdog';

const QUIET = 1000;
const ANSWER = 300;

/** A watchdog whose pings are answered (or not) as the test says, with everything it reported. */
function setup(answers: (timeoutMs: number) => Promise<boolean>) {
  const reported: string[] = [];
  const pings: number[] = [];
  const dog = new SessionWatchdog(
    { quietMs: QUIET, answerMs: ANSWER },
    {
      ping: (timeoutMs) => {
        pings.push(Date.now());
        return answers(timeoutMs);
      },
      unresponsive: (since) => reported.push(`unresponsive since ${since}`),
      responsive: () => reported.push('responsive'),
    },
  );
  return { dog, reported, pings };
}

/** What a CLI that no longer reads does: the ping times out. */
const unanswered = (timeoutMs: number) =>
  new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs));
const answered = () => Promise.resolve(true);

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SessionWatchdog', () => {
  it('reports a CLI that neither writes nor answers, since it was last heard', async () => {
    const { dog, reported, pings } = setup(unanswered);
    dog.watch();
    await vi.advanceTimersByTimeAsync(500);
    dog.heard();
    await vi.advanceTimersByTimeAsync(QUIET - 1);
    expect(pings).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(pings).toEqual([500 + QUIET]);
    await vi.advanceTimersByTimeAsync(ANSWER - 1);
    expect(reported).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reported).toEqual(['unresponsive since 500']);
    // Reported once: no more questions until it is heard from again.
    await vi.advanceTimersByTimeAsync(10 * QUIET);
    expect(pings).toHaveLength(1);
    dog.heard();
    expect(reported).toEqual(['unresponsive since 500', 'responsive']);
    await vi.advanceTimersByTimeAsync(QUIET);
    expect(pings).toHaveLength(2);
  });

  it('never reports a quiet CLI that answers: it asks again after each quiet spell', async () => {
    const { dog, reported, pings } = setup(answered);
    dog.watch();
    await vi.advanceTimersByTimeAsync(5 * QUIET + 10);
    expect(pings).toEqual([QUIET, 2 * QUIET, 3 * QUIET, 4 * QUIET, 5 * QUIET]);
    expect(reported).toEqual([]);
  });

  it('takes output during the question as an answer', async () => {
    const { dog, reported } = setup(unanswered);
    dog.watch();
    await vi.advanceTimersByTimeAsync(QUIET + ANSWER / 2);
    dog.heard();
    await vi.advanceTimersByTimeAsync(ANSWER);
    expect(reported).toEqual([]);
  });

  it('asks nothing while no turn runs, and drops a question asked before stop()', async () => {
    const { dog, reported, pings } = setup(unanswered);
    await vi.advanceTimersByTimeAsync(10 * QUIET);
    expect(pings).toEqual([]);
    dog.watch();
    await vi.advanceTimersByTimeAsync(QUIET);
    dog.stop();
    await vi.advanceTimersByTimeAsync(10 * QUIET);
    expect(pings).toHaveLength(1);
    expect(reported).toEqual([]);
  });
});
