import type { Root } from 'hast';
import { urlAttributes } from 'html-url-attributes';
import { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { rehypeHighlightCode } from './highlight-code';
import { rehypeUnparsedSlot } from './unparsed-slot';

// Built once: react-markdown builds its pipeline (remark-gfm's syntax included) on every render.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  // HTML comes out as `raw` nodes, which become their literal text below: never elements.
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeHighlightCode)
  .freeze();

/**
 * Model text as an HTML tree (hast), the way react-markdown turns it into one: raw HTML as the
 * text it is, URLs through its default transform (no `javascript:` and the like). A `tail` gets
 * the slot where the text written after it goes on (rehypeUnparsedSlot). Plain data, so a worker
 * can make it, and without positions.
 */
export function markdownTree(text: string, tail: boolean): Root {
  const tree = processor.runSync(processor.parse(text), text);
  if (tail) rehypeUnparsedSlot()(tree, { value: text });
  visit(tree, (node, index, parent) => {
    // Read only by rehypeUnparsedSlot, above: a worker's reply would copy it for every node.
    delete node.position;
    if (node.type === 'raw' && parent && index !== undefined) {
      parent.children[index] = { type: 'text', value: node.value };
      return index;
    }
    if (node.type !== 'element') return;
    for (const [name, tags] of Object.entries(urlAttributes)) {
      if (!Object.hasOwn(node.properties, name)) continue;
      if (tags !== null && !tags.includes(node.tagName)) continue;
      node.properties[name] = defaultUrlTransform(String(node.properties[name] || ''));
    }
  });
  return tree;
}
