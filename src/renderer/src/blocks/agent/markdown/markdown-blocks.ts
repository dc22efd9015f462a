import { startsWithText } from '../../../../../shared/text-prefix';

export const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
export const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
/** A line that may continue a list above it across a blank line: one list, loose, not two. */
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
/** The first characters a list item (or an indented continuation) can start with. */
const MAY_CONTINUE = /^[ \t\-*+\d]/;
/**
 * A link reference or footnote definition, also inside a quote or list: it gives meaning to text
 * in any other block, so a message with one is parsed whole.
 */
const DEFINITION = /^(?:[ \t>]|[-*+][ \t]|\d{1,9}[.)][ \t])*\[(?:[^\]\\]|\\.)+\]:/;
/** HTML blocks that run across blank lines until their end marker (CommonMark's kinds 1 to 5). */
const HTML_BLOCKS: readonly [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];
/** A line that may begin an HTML block that ends at the next blank line (kinds 6 and 7). */
const HTML_TAG = /^ {0,3}<\/?[A-Za-z]/;

export interface MarkdownSplit {
  /** Top-level blocks nothing later can change: each renders alone, once. */
  blocks: readonly string[];
  /** The rest, which may still change as text is added. */
  tail: string;
}

/**
 * Splits a growing Markdown text into finished top-level blocks and its tail, reading only what
 * was added since the last call: a block before a blank line is finished once the next block has
 * begun with something that cannot continue it. Never inside a fenced code or HTML block, never
 * before an indented line or a list item (both may belong to the block above), and not at all
 * in a text with a reference or footnote definition. Rendering the blocks one by one and the tail
 * gives what rendering the whole text would.
 */
export class MarkdownSplitter {
  private text = '';
  private blocks: string[] = [];
  /** Where the tail begins. */
  private start = 0;
  /** Where the first line not yet read begins (every line before it is complete). */
  private next = 0;
  private fence: string | null = null;
  private htmlEnd: RegExp | null = null;
  /** Since the last blank line, a line that may have begun an HTML block. */
  private maybeHtml = false;
  private blankBefore = false;
  private whole = false;
  /** The last text split began with the one before it (false: the split started over). */
  grew = true;

  split(text: string): MarkdownSplit {
    // One comparison of the whole text per split: the streamed view reads its answer here.
    const grew = startsWithText(text, this.text);
    if (!grew) this.restart();
    this.grew = grew;
    this.text = text;
    for (let end = text.indexOf('\n', this.next); end !== -1; end = text.indexOf('\n', end + 1)) {
      this.read(text.slice(this.next, end), this.next);
      this.next = end + 1;
    }
    const partial = text.slice(this.next);
    if (DEFINITION.test(partial)) this.parseWhole();
    // A line begun with what cannot continue the block above already starts a new one.
    else if (partial && !MAY_CONTINUE.test(partial)) this.boundary(this.next);
    return { blocks: this.blocks, tail: text.slice(this.start) };
  }

  private restart(): void {
    Object.assign(this, new MarkdownSplitter());
  }

  private parseWhole(): void {
    this.whole = true;
    this.blocks = [];
    this.start = 0;
  }

  private read(line: string, at: number): void {
    if (this.whole) return;
    if (DEFINITION.test(line)) return this.parseWhole();
    const blank = line.trim() === '';
    if (!blank && !LIST_ITEM.test(line) && !/^[ \t]/.test(line)) this.boundary(at);
    if (this.fence !== null) {
      const close = FENCE_CLOSE.exec(line)?.[1];
      if (close && close[0] === this.fence[0] && close.length >= this.fence.length) {
        this.fence = null;
      }
    } else if (this.htmlEnd !== null) {
      if (this.htmlEnd.test(line)) this.htmlEnd = null;
    } else {
      this.fence = FENCE_OPEN.exec(line)?.[1] ?? null;
      // Inside such an HTML block a fence line is text; outside it, a fence. Telling which takes
      // a parser: such a text is parsed whole.
      if (this.fence !== null && this.maybeHtml) return this.parseWhole();
      const html = this.fence === null && HTML_BLOCKS.find(([begin]) => begin.test(line));
      // The same goes for the start of such a block (`<pre>`) after a line that may have begun
      // one that runs to the next blank line (`<div>`): inside that one it is text.
      if (html && this.maybeHtml) return this.parseWhole();
      if (html && !html[1].test(line.replace(html[0], ''))) this.htmlEnd = html[1];
      else if (this.fence === null && HTML_TAG.test(line)) this.maybeHtml = true;
    }
    if (blank) this.maybeHtml = false;
    this.blankBefore = blank && this.fence === null && this.htmlEnd === null;
  }

  /**
   * A line that is not blank begins at `at`: a new block, if a blank line outside any open block
   * came just before it.
   */
  private boundary(at: number): void {
    if (this.whole || !this.blankBefore || at <= this.start) return;
    if (this.fence !== null || this.htmlEnd !== null) return;
    this.blocks.push(this.text.slice(this.start, at));
    this.start = at;
  }
}
