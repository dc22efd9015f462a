// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Markdown, SETTLE_MS, TREE_DEADLINE_MS } from './Markdown';
import { markdownTree } from './markdown-tree';
import type { TreeReply, TreeRequest } from './markdown.worker';

/** The worker, run on timers: what it parses arrives later, as from the real one. */
class TimedWorker extends EventTarget {
  static requests: TreeRequest[] = [];
  postMessage(request: TreeRequest): void {
    TimedWorker.requests.push(request);
    setTimeout(() => {
      const reply: TreeReply = { id: request.id, tree: markdownTree(request.text, request.tail) };
      this.dispatchEvent(new MessageEvent('message', { data: reply }));
    });
  }
  terminate(): void {}
}

beforeAll(() => vi.stubGlobal('Worker', TimedWorker));
afterEach(() => {
  cleanup();
  TimedWorker.requests = [];
});

/**
 * Lets the page post what it asked for and the worker answer, twice over (a tail asked for only
 * once the last one came). A timer set within a tick waits 1 ms.
 */
function worker(): void {
  for (let tick = 0; tick < 4; tick++) act(() => vi.advanceTimersByTime(1));
}

/**
 * Ends a test on fake timers with nothing left pending: the requests waiting to be posted are the
 * page's, for the next test too. A render that act flushes may set another timer.
 */
function realTimers(): void {
  for (let round = 0; round < 10 && vi.getTimerCount() > 0; round++) act(() => vi.runAllTimers());
  vi.useRealTimers();
}

const show = (text: string) => <Markdown text={text} onOpenLink={() => undefined} />;

/** The text that ends up shown: it streams after `Intro`, then settles. */
const STREAMED = 'Intro with **bold** text.\n\nThen *more*';

/** The text written after the parsed part, as the page shows it. */
function unparsed(container: HTMLElement): string {
  return container.querySelector('.agent-markdown-unparsed')?.textContent ?? '';
}

/**
 * The markup, without the line ends a parse puts between the blocks of one tree: blocks parsed
 * apart have none between them, and between blocks they show as nothing.
 */
function html(container: HTMLElement): string {
  return container.innerHTML.replaceAll('>\n<', '><');
}

function wholeHtml(text: string): string {
  const view = render(show(text));
  const shown = html(view.container);
  view.unmount();
  return shown;
}

describe('Markdown parsed in a worker while it streams', () => {
  it('shows the text as written until the worker has parsed it, then parsed', () => {
    vi.useFakeTimers();
    try {
      const view = render(show('Intro'));
      const first = 'Intro with **bold** text.\n\nSecond';
      view.rerender(show(first));
      // Nothing parsed in the render that showed it: the text after the first parse is as written.
      expect(unparsed(view.container)).toBe(first.slice('Intro'.length));
      expect(view.container.querySelector('strong')).toBeNull();
      worker();
      expect(TimedWorker.requests.map((request) => request.text)).toContain(
        'Intro with **bold** text.\n\n',
      );
      view.rerender(show(`${first} paragraph`));
      expect(view.container.querySelector('strong')?.textContent).toBe('bold');
      expect(unparsed(view.container)).toBe('Second paragraph');
    } finally {
      realTimers();
    }
  });

  it('renders what it streamed as rendering the whole text does, once settled', () => {
    const block = fc.constantFrom(
      'A paragraph with **bold** and `code`.',
      '- one\n- two',
      '# Title',
      '> quoted',
      '| a | b |\n|---|---|\n| 1 | 2 |',
      '```\nplain code\n```',
      '<b>raw</b> html and https://example.com',
    );
    const streamed = fc
      .array(block, { minLength: 1, maxLength: 6 })
      .map((blocks) => blocks.join('\n\n'))
      .chain((full) =>
        fc
          .array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 60 })), {
            minLength: 1,
            maxLength: 12,
          })
          .map((steps) => ({ full, steps })),
      );
    fc.assert(
      fc.property(streamed, ({ full, steps }) => {
        vi.useFakeTimers();
        try {
          let length = Math.min(full.length, steps[0]![0]);
          const view = render(show(full.slice(0, length)));
          for (const [grow, wait] of steps) {
            length = Math.min(full.length, length + grow);
            const text = full.slice(0, length);
            view.rerender(show(text));
            // Whatever is shown as written is the end of the text, never a piece out of place.
            expect(text.endsWith(unparsed(view.container).trimStart())).toBe(true);
            act(() => vi.advanceTimersByTime(wait));
          }
          view.rerender(show(full));
          act(() => vi.advanceTimersByTime(SETTLE_MS));
          // The settled text's parse comes from the worker.
          worker();
          const shown = html(view.container);
          view.unmount();
          expect(shown).toBe(wholeHtml(full));
        } finally {
          realTimers();
        }
      }),
      { numRuns: 40 },
    );
  });
});

/** A worker that fails as `fail` has it, for each request it gets; stopped, it does nothing more. */
function failingWorker(fail: (worker: EventTarget, request: TreeRequest) => void) {
  return class FailingWorker extends EventTarget {
    private stopped = false;
    postMessage(request: TreeRequest): void {
      setTimeout(() => this.stopped || fail(this, request));
    }
    terminate(): void {
      this.stopped = true;
    }
  };
}

/** Shows Markdown from a fresh copy of the page's modules, which starts `worker` as its worker. */
async function withWorker(worker: new () => EventTarget) {
  // Once its worker has failed, a page parses everything itself: every test needs its own.
  vi.resetModules();
  vi.stubGlobal('Worker', worker);
  const fresh = await import('./Markdown');
  return (text: string) => <fresh.Markdown text={text} onOpenLink={() => undefined} />;
}

describe('the fallback when the worker fails', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    vi.stubGlobal('Worker', TimedWorker);
  });

  /** Streams STREAMED, lets it settle and the worker fail: what the page shows then. */
  function streamed(showFresh: (text: string) => ReactElement, wait = SETTLE_MS): HTMLElement {
    const view = render(showFresh('Intro'));
    view.rerender(showFresh(STREAMED));
    // Sent to the worker: shown as written meanwhile.
    expect(unparsed(view.container)).toBe(STREAMED.slice('Intro'.length));
    act(() => vi.advanceTimersByTime(wait));
    worker();
    return view.container;
  }

  function expectParsed(container: HTMLElement): void {
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('more');
    expect(unparsed(container)).toBe('');
  }

  it.each([
    {
      failure: 'fails to load',
      fail: (worker: EventTarget) => worker.dispatchEvent(new Event('error')),
      warning: 'its worker did not load',
    },
    {
      failure: 'fails',
      fail: (worker: EventTarget) =>
        worker.dispatchEvent(new ErrorEvent('error', { message: 'out of memory' })),
      warning: 'its worker failed: out of memory',
    },
    {
      failure: 'sends a reply the page cannot read',
      fail: (worker: EventTarget) => worker.dispatchEvent(new MessageEvent('messageerror')),
      warning: 'a reply from its worker could not be read',
    },
  ])('parses on the page at once when the worker $failure', async ({ fail, warning }) => {
    const showFresh = await withWorker(failingWorker(fail));
    vi.useFakeTimers();
    try {
      expectParsed(streamed(showFresh));
      expect(warn).toHaveBeenCalledWith(`tether: Markdown is parsed on the page (${warning})`);
    } finally {
      realTimers();
    }
  });

  it('parses on the page what the worker could not parse', async () => {
    const showFresh = await withWorker(
      failingWorker((worker, { id }) => {
        const reply: TreeReply = { id, tree: null };
        worker.dispatchEvent(new MessageEvent('message', { data: reply }));
      }),
    );
    vi.useFakeTimers();
    try {
      expectParsed(streamed(showFresh));
    } finally {
      realTimers();
    }
  });

  it('parses a settled text on the page once the worker has not answered for a while', async () => {
    const showFresh = await withWorker(failingWorker(() => undefined));
    vi.useFakeTimers();
    try {
      const container = streamed(showFresh);
      expect(container.querySelector('strong')).toBeNull();
      expect(unparsed(container)).toBe(STREAMED.slice('Intro'.length));
      act(() => vi.advanceTimersByTime(TREE_DEADLINE_MS));
      expectParsed(container);
    } finally {
      realTimers();
    }
  });
});

describe('a worker that is behind', () => {
  /** Answers one request at a time, each `step` ms after the one before. */
  function slowWorker(step: number) {
    return class SlowWorker extends EventTarget {
      private queue: TreeRequest[] = [];
      postMessage(request: TreeRequest): void {
        if (this.queue.push(request) === 1) this.next();
      }
      private next(): void {
        setTimeout(() => {
          const { id, text, tail } = this.queue.shift()!;
          const reply: TreeReply = { id, tree: markdownTree(text, tail) };
          this.dispatchEvent(new MessageEvent('message', { data: reply }));
          if (this.queue.length) this.next();
        }, step);
      }
      terminate(): void {}
    };
  }

  it('is waited for past the deadline while it still answers, not parsed for on the page', async () => {
    const step = 0.9 * TREE_DEADLINE_MS;
    const showFresh = await withWorker(slowWorker(step));
    vi.useFakeTimers();
    try {
      const view = render(showFresh('Intro'));
      view.rerender(showFresh(STREAMED));
      // Settled first, so that the deadline's timer runs from then.
      act(() => vi.advanceTimersByTime(SETTLE_MS));
      act(() => vi.advanceTimersByTime(TREE_DEADLINE_MS + 100));
      // The first block came from the worker; its tail, asked second, has not yet.
      expect(view.container.querySelector('strong')?.textContent).toBe('bold');
      expect(view.container.querySelector('em')).toBeNull();
      expect(unparsed(view.container)).toBe('Then *more*');
      act(() => vi.advanceTimersByTime(2 * step));
      expect(view.container.querySelector('em')?.textContent).toBe('more');
      expect(unparsed(view.container)).toBe('');
    } finally {
      realTimers();
    }
  });
});

describe('when the worker starts', () => {
  class CountedWorker extends TimedWorker {
    static started = 0;
    constructor() {
      super();
      CountedWorker.started++;
    }
  }
  beforeEach(() => {
    CountedWorker.started = 0;
    // A fresh page: the worker of the tests above has started already.
    vi.resetModules();
    vi.stubGlobal('Worker', CountedWorker);
  });
  afterEach(() => vi.stubGlobal('Worker', TimedWorker));

  it('not for a transcript read from the library, which never streams', async () => {
    const { Transcript } = await import('../transcript/Transcript');
    const { giveTranscriptAViewport } = await import('../testing/layout');
    giveTranscriptAViewport();
    const view = render(
      <Transcript
        items={[{ kind: 'assistant', key: 'reply', text: 'Some **bold** text.' }]}
        onOpenLink={() => undefined}
      />,
    );
    expect(view.container.querySelector('strong')?.textContent).toBe('bold');
    expect(CountedWorker.started).toBe(0);
  });

  it('with an agent block, before its first reply', async () => {
    const { renderBlock } = await import('../testing/render-block');
    vi.useFakeTimers();
    try {
      await renderBlock();
      expect(CountedWorker.started).toBe(1);
    } finally {
      realTimers();
    }
  });
});
