import type { Element, ElementContent, Root, RootContent } from 'hast';
import { highlighter } from './highlighter-loader';

function language(code: Element): string | undefined {
  const classes = code.properties['className'];
  if (!Array.isArray(classes)) return undefined;
  for (const name of classes) {
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice(9);
  }
  return undefined;
}

function text(nodes: ElementContent[]): string {
  return nodes
    .map((node) =>
      node.type === 'text' ? node.value : node.type === 'element' ? text(node.children) : '',
    )
    .join('');
}

function highlight(code: Element): void {
  const name = language(code);
  // Plain until the highlighter has loaded; the block renders again then (useHighlighterFor).
  const lowlight = name === undefined ? null : highlighter();
  // Only code that names a language it knows: guessing costs a lot on every streamed update.
  if (name === undefined || !lowlight?.registered(name)) return;
  code.children = lowlight.highlight(name, text(code.children)).children as ElementContent[];
  code.properties['className'] = ['hljs', `language-${name}`];
}

function visit(nodes: (RootContent | ElementContent)[], parent: Element | null): void {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    if (node.tagName === 'code' && parent?.tagName === 'pre') highlight(node);
    else visit(node.children, node);
  }
}

/** A rehype plugin: syntax colours for fenced code blocks (highlight.js classes). */
export function rehypeHighlightCode() {
  return (tree: Root) => visit(tree.children, null);
}
