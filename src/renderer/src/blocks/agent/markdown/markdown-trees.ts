import type { Root } from 'hast';
import { markdownTree } from './markdown-tree';
import type { TreeReply, TreeRequest } from './markdown.worker';

/** The page's one Markdown worker, started with the first text that streams; null if none runs. */
let worker: Worker | null | undefined;
const replies = new Map<number, (tree: Root | null) => void>();
let nextId = 0;
/** When the worker last answered (Date.now()). */
let answeredAt = -Infinity;
/** Requests made in this frame, posted once it is over. */
let outbox: TreeRequest[] = [];

function markdownWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./markdown.worker.ts', import.meta.url), {
      type: 'module',
      name: 'markdown',
    });
  } catch {
    // No workers here (jsdom, a page rendered to a string): Markdown is parsed on the page.
    return (worker = null);
  }
  const started = worker;
  started.addEventListener('message', ({ data }: MessageEvent<TreeReply>) => {
    answeredAt = Date.now();
    replies.get(data.id)?.(data.tree);
    replies.delete(data.id);
  });
  const fail = (why: string) => {
    console.warn(`tether: Markdown is parsed on the page (${why})`);
    started.terminate();
    worker = null;
    for (const reply of replies.values()) reply(null);
    replies.clear();
  };
  // A worker script that did not load fires a plain Event, with no message.
  started.addEventListener('error', (event) =>
    fail(
      event instanceof ErrorEvent
        ? `its worker failed: ${event.message}`
        : 'its worker did not load',
    ),
  );
  // Which request a reply that could not be read answered is not known: none of them will come.
  started.addEventListener('messageerror', () => fail('a reply from its worker could not be read'));
  return started;
}

/**
 * Sends what the frame asked for once the frame is done: waking the worker can take this thread's
 * core from it (a profile showed postMessage in the frame's render waiting up to milliseconds).
 */
function post(request: TreeRequest): void {
  if (outbox.push(request) > 1) return;
  setTimeout(() => {
    const target = markdownWorker();
    for (const sent of outbox) {
      if (target) {
        target.postMessage(sent);
      } else {
        // The worker failed since: parsed on the page after all.
        replies.get(sent.id)?.(null);
        replies.delete(sent.id);
      }
    }
    outbox = [];
  });
}

/** Starts the worker ahead of the first reply, which would otherwise show as written while it loads. */
export function startMarkdownWorker(): void {
  markdownWorker();
}

/**
 * Trees for one streaming message, parsed in the worker: each finished block (by its place in the
 * message) once, and the newest tail, one parse in flight at a time. A tree that arrives calls
 * `onTree`; until then the text shows as written.
 */
export class WorkerTrees {
  private blocks: { text: string; tree: Root | null }[] = [];
  private tail: { text: string; tree: Root } | null = null;
  private tailAsked: string | null = null;

  constructor(private readonly onTree: () => void) {}

  /** Whether trees come from the worker: false where there is none (then parse in render). */
  get available(): boolean {
    return markdownWorker() !== null;
  }

  /** How long the worker has answered nothing, in ms. */
  quietFor(): number {
    return Date.now() - answeredAt;
  }

  /** The tree of the block at `index`, if it has come; asks for it otherwise. */
  block(index: number, text: string): Root | null {
    const known = this.blocks[index];
    if (known?.text === text) return known.tree;
    this.blocks.length = index;
    const entry: { text: string; tree: Root | null } = { text, tree: null };
    this.blocks.push(entry);
    this.parse(text, false, (tree) => {
      entry.tree = tree;
    });
    return null;
  }

  /** Forgets the blocks from `count` on (the message was replaced). */
  keepBlocks(count: number): void {
    if (this.blocks.length > count) this.blocks.length = count;
  }

  /**
   * The newest tail parsed, which may be of another text than `text` (the caller checks that it
   * still fits); asks for `text` unless a tail parse is in flight.
   */
  latestTail(text: string): { text: string; tree: Root } | null {
    if (this.tail?.text !== text && this.tailAsked === null) {
      this.tailAsked = text;
      this.parse(text, true, (tree) => {
        this.tail = { text, tree };
        this.tailAsked = null;
      });
    }
    return this.tail;
  }

  private parse(text: string, tail: boolean, keep: (tree: Root) => void): void {
    const done = (tree: Root | null) => {
      keep(tree ?? markdownTree(text, tail));
      this.onTree();
    };
    const request: TreeRequest = { id: nextId++, text, tail };
    replies.set(request.id, done);
    post(request);
  }
}
