/**
 * While the user types in one block, the others' output waits its turn.
 *
 * A flooding terminal keeps the page's main thread busy by design: flow control sends more as
 * soon as xterm has parsed what came, so its parse takes whatever time is free, and each frame
 * redraws its rows. With two such terminals and an agent streaming beside them, a key typed in a
 * third block waited behind their work (key to screen p50 50 ms, p95 75–90 ms on an idle
 * machine). Output of a block the user is not in is held back only while they are busy elsewhere
 * and resumes in full a moment after; nothing is dropped: a terminal's shell is paused by the flow
 * control it already has, an agent's events wait in its store.
 */

/** How long after the last key or click the user counts as busy. */
export const BUSY_MS = 1000;

/** The share of the page's time a block the user is not in may take while they are busy. */
export const BACKGROUND_SHARE = 0.1;

/** How often a block the user is not in draws while they are busy. */
export const BACKGROUND_FRAME_MS = 100;

/**
 * The longest a held-back job waits: what a job took counts its time queued behind other tasks
 * too, and a terminal the user turns to should not sit out a long wait before it runs at speed.
 */
const LONGEST_WAIT_MS = 200;

const BLOCK = '[data-block-id]';

let lastInput = Number.NEGATIVE_INFINITY;
/** The block the last key or click went to (none for the page's own shortcuts and dialogs). */
let inputBlock: Element | null = null;
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  const note = (event: Event) => {
    lastInput = performance.now();
    inputBlock = event.target instanceof Element ? event.target.closest(BLOCK) : null;
  };
  for (const type of ['keydown', 'pointerdown'])
    window.addEventListener(type, note, { capture: true, passive: true });
}

/**
 * True while the user's last key or click, within `BUSY_MS`, went to another of the workspace's
 * blocks than the one holding `inside`, and the focus is still there.
 */
export function busyElsewhere(inside: Element | null | undefined): boolean {
  if (!inputBlock?.isConnected || performance.now() - lastInput > BUSY_MS || !inside) return false;
  return (
    inputBlock !== (inside.closest(BLOCK) ?? inside) && inputBlock.contains(document.activeElement)
  );
}

/**
 * The next animation frame, or for a block the user is busy outside of, the first one after
 * `BACKGROUND_FRAME_MS`: an agent streaming in another block redraws ten times a second, not
 * sixty, while the user types.
 */
export function inputFirstFrame(
  inside: () => Element | null | undefined,
): (callback: () => void) => void {
  listen();
  return (callback) => {
    if (busyElsewhere(inside()))
      setTimeout(() => requestAnimationFrame(callback), BACKGROUND_FRAME_MS);
    else requestAnimationFrame(callback);
  };
}

/**
 * Runs jobs in order; while the user is busy outside `inside`, each waits until the ones before
 * have taken no more than `BACKGROUND_SHARE` of the time since they began. A job calls `done` when
 * its work is over (xterm's write callback), so that time counts what it cost the page.
 */
export class InputFirstQueue {
  private readonly jobs: ((done: () => void) => void)[] = [];
  private running = false;
  private notBefore = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly inside: () => Element | null | undefined) {
    listen();
  }

  add(job: (done: () => void) => void): void {
    this.jobs.push(job);
    this.next();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.jobs.length = 0;
  }

  private next(): void {
    if (this.running || this.timer !== undefined) return;
    // In the foreground every job starts at once, as if there were no queue.
    while (this.jobs.length > 0) {
      const background = busyElsewhere(this.inside());
      const wait = background ? this.notBefore - performance.now() : 0;
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.next();
        }, wait);
        return;
      }
      const job = this.jobs.shift()!;
      if (!background) {
        job(() => undefined);
        continue;
      }
      this.running = true;
      const started = performance.now();
      job(() => {
        const took = performance.now() - started;
        this.notBefore =
          performance.now() + Math.min(took * (1 / BACKGROUND_SHARE - 1), LONGEST_WAIT_MS);
        this.running = false;
        this.next();
      });
      return;
    }
  }
}
