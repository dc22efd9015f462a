import type { Element, ElementContent, Root } from 'hast';
import { FENCE_CLOSE, FENCE_OPEN } from './markdown-blocks';

/** The class of the element the text not parsed yet goes in. */
export const UNPARSED_CLASS = 'agent-markdown-unparsed';

/** Elements the text after them may still belong in, as it does while they are the last. */
const OPEN_BLOCKS = new Set([
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li'],
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
]);

/** Whether fenced code ends with its closing fence in `source`: text after it is not code. */
function isClosedFence(pre: Element, source: string): boolean {
  const { start, end } = pre.position ?? {};
  if (start?.offset === undefined || end?.offset === undefined) return false;
  const lines = source.slice(start.offset, end.offset).split('\n');
  const open = FENCE_OPEN.exec(lines[0]!)?.[1];
  const close = lines.length > 1 ? FENCE_CLOSE.exec(lines.at(-1)!)?.[1] : undefined;
  return !!open && !!close && close[0] === open[0] && close.length >= open.length;
}

function isOpen(node: Element, parent: Root | Element, source: string): boolean {
  if (node.tagName === 'code') return parent.type === 'element' && parent.tagName === 'pre';
  if (node.tagName === 'pre') return !isClosedFence(node, source);
  return OPEN_BLOCKS.has(node.tagName);
}

/** The innermost block that the text ends in: the paragraph, list item, heading or code. */
function lastOpen(parent: Root | Element, source: string): Root | Element {
  const last = parent.children.findLast(
    (node) => !(node.type === 'text' && node.value.trim() === ''),
  );
  return last?.type === 'element' && isOpen(last, parent, source) ? lastOpen(last, source) : parent;
}

/**
 * Takes off the line end that code gets after its last line whether or not the text had one:
 * the text written after it brings its own. Returns what it took off.
 */
function dropFinalLineEnd(nodes: ElementContent[]): string {
  const last = nodes.at(-1);
  if (last?.type === 'element') return dropFinalLineEnd(last.children);
  if (last?.type !== 'text' || !last.value.endsWith('\n')) return '';
  last.value = last.value.slice(0, -1);
  return '\n';
}

/**
 * A rehype plugin for the part of a growing text that was parsed: an empty element at the end of
 * the block it ends in, for the text written since, so that it goes on in the same paragraph
 * (or list item, or code) rather than below it as a block of its own.
 */
export function rehypeUnparsedSlot() {
  return (tree: Root, file: { value: unknown }) => {
    const block = lastOpen(tree, String(file.value));
    const code = block.type === 'element' && block.tagName === 'code';
    block.children.push({
      type: 'element',
      tagName: 'span',
      // Shown in the slot's place while no text follows.
      properties: {
        className: [UNPARSED_CLASS],
        dataEnd: code ? dropFinalLineEnd(block.children) : '',
      },
      children: [],
    });
  };
}
