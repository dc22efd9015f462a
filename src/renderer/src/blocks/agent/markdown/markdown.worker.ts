import type { Root } from 'hast';
import { FENCE, loadHighlighter } from './highlighter';
import { markdownTree } from './markdown-tree';

export interface TreeRequest {
  id: number;
  text: string;
  tail: boolean;
}

/** `tree` is null if the text could not be parsed here: the page then parses it itself. */
export interface TreeReply {
  id: number;
  tree: Root | null;
}

// Parses Markdown off the page's main thread, where a parse held up the frame that showed it.
addEventListener('message', ({ data }: MessageEvent<TreeRequest>) => {
  // Code comes back coloured: the highlighter loads with the first fenced block.
  const ready = FENCE.test(data.text) ? loadHighlighter() : Promise.resolve();
  void ready.then(() => {
    let tree: Root | null = null;
    try {
      tree = markdownTree(data.text, data.tail);
    } catch (error) {
      console.warn(`tether: the Markdown worker could not parse a text (${String(error)})`);
    }
    postMessage({ id: data.id, tree } satisfies TreeReply);
  });
});
