import type { Root } from 'hast';
import { errorMessage } from '../../../../../shared/error-message';
import { FENCE, loadHighlighter } from './highlighter-loader';
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
  void ready.then(() => reply(data));
});

/** Answers every request: the page waits for each reply and shows the text as written meanwhile. */
function reply({ id, text, tail }: TreeRequest): void {
  try {
    postMessage({ id, tree: markdownTree(text, tail) } satisfies TreeReply);
  } catch (error) {
    // Not parsed, or its tree could not be sent (a structured clone that failed).
    console.warn(
      `tether: the Markdown worker could not parse or send a text (${errorMessage(error)})`,
    );
    postMessage({ id, tree: null } satisfies TreeReply);
  }
}
