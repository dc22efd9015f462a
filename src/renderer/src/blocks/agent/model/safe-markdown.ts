import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

// A viewer may read the file as CommonMark or as GitHub's dialect, which cuts tables into cells
// before it looks for code spans: what is code to one can be HTML to the other.
const parsers = [unified().use(remarkParse).freeze(), unified().use(remarkParse).use(remarkGfm)];

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Where the parse finds markup that a viewer would load or run: raw HTML and images. */
function liveMarkup(tree: Root, text: string): Edit[] {
  const edits: Edit[] = [];
  visit(tree, (node) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    if (node.type === 'html') {
      edits.push({ start, end, text: text.slice(start, end).replaceAll('<', '&lt;') });
    } else if (
      (node.type === 'image' || node.type === 'imageReference') &&
      text.startsWith('![', start)
    ) {
      // The picture's address stays, as a link: a viewer fetches an image as it opens the file.
      edits.push({ start, end: start + 2, text: '[image: ' });
    }
  });
  return edits;
}

/** A fenced block left open at the end, which would swallow whatever the export writes after it. */
function closingFence(tree: Root, text: string): string {
  const last = tree.children.at(-1);
  if (last?.type !== 'code' || last.position?.end.offset === undefined) return '';
  const source = text.slice(last.position.start.offset, last.position.end.offset);
  const open = /^ {0,3}(`{3,}|~{3,})/.exec(source);
  if (!open) return '';
  const fence = open[1]!;
  const lines = source.split('\n');
  const closed =
    lines.length > 1 &&
    new RegExp(`^ {0,3}${fence[0]}{${fence.length},}[ \\t]*$`).test(lines.at(-1)!);
  return closed ? '' : `\n${fence}`;
}

/**
 * Model Markdown as a viewer that renders raw HTML may show it, with nothing in it that runs or
 * fetches: raw HTML, wherever the CommonMark rules (or GitHub's) find it, gets `&lt;` for `<`, and
 * images become links. Each escape can change how the rest parses (a code span's backticks pair
 * up differently), so it parses again until nothing is left; every round removes a `<` or a `![`,
 * so it ends. Code blocks and spans stay as written.
 */
export function safeModelMarkdown(markdown: string): string {
  let text = markdown;
  for (;;) {
    const edits = parsers.flatMap((parser) => liveMarkup(parser.parse(text), text));
    if (edits.length === 0) break;
    // From the end, so the offsets of the edits still to make stay right; one edit per place.
    edits.sort((a, b) => b.start - a.start);
    let done = Infinity;
    for (const edit of edits) {
      if (edit.end > done) continue;
      text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
      done = edit.start;
    }
  }
  return text + closingFence(parsers[0]!.parse(text), text);
}

/** Text that is not Markdown (a tool's name, a title) as Markdown that shows it as written. */
export function markdownText(text: string): string {
  return text
    .replace(/[\\`*_{}[\]()#+\-.!|~<>&"']/g, (character) =>
      character === '<' ? '&lt;' : character === '&' ? '&amp;' : `\\${character}`,
    )
    .replace(/\s*\n\s*/g, ' ');
}
