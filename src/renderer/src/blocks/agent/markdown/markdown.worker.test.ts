import { visit } from 'unist-util-visit';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TreeReply, TreeRequest } from './markdown.worker';

let onRequest: (event: { data: TreeRequest }) => void;
/** What the worker posted, or tried to. */
let posted: TreeReply[] = [];
/** Whether posting a tree fails, as a structured clone can. */
let cloneFails = false;

beforeAll(async () => {
  vi.stubGlobal('addEventListener', (type: string, listener: typeof onRequest) => {
    if (type === 'message') onRequest = listener;
  });
  vi.stubGlobal('postMessage', (reply: TreeReply) => {
    posted.push(reply);
    if (reply.tree && cloneFails) throw new DOMException('could not be cloned', 'DataCloneError');
  });
  await import('./markdown.worker');
});

beforeEach(() => {
  posted = [];
  cloneFails = false;
});

/** The replies to one request, once the worker is done with it. */
async function ask(text: string, tail = false): Promise<TreeReply[]> {
  onRequest({ data: { id: 7, text, tail } });
  await vi.waitFor(() => expect(posted.at(-1)?.id).toBe(7));
  return posted;
}

describe('the Markdown worker', () => {
  it('answers a request with its tree', async () => {
    const [reply] = await ask('Some **bold**');
    expect(reply?.tree?.children[0]).toMatchObject({ type: 'element', tagName: 'p' });
  });

  it('sends trees without positions, which the page would pay to copy and never reads', async () => {
    const [reply] = await ask(
      '# Title\n\nSome **bold**, a [link](https://example.com).\n\n```\ncode',
      true,
    );
    const positioned: string[] = [];
    visit(reply!.tree!, (node) => {
      if ('position' in node) positioned.push(node.type);
    });
    expect(positioned).toEqual([]);
  });

  it('answers with no tree when its tree cannot be sent, so the page parses the text itself', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    cloneFails = true;
    try {
      const replies = await ask('Some **bold**');
      expect(replies.map((reply) => reply.tree === null)).toEqual([false, true]);
      expect(warn).toHaveBeenCalledWith(
        'tether: the Markdown worker could not parse or send a text (could not be cloned)',
      );
    } finally {
      warn.mockRestore();
    }
  });
});
