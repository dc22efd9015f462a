import { MarkdownSplitter } from './markdown-blocks';

/**
 * What is parsed again while text grows is parsed at most this often. A parse costs a few
 * milliseconds however short the text (react-markdown builds its pipeline each time), and more
 * per kilobyte: a stream of deltas that finishes many paragraphs a second would fall behind if
 * each were parsed as it finished, and the growing one on every update. Meanwhile what was parsed
 * stays, and the text after it shows as it was written, at once.
 */
export const PARSE_INTERVAL_MS = 100;
/** A growing tail longer than this is parsed again only once the text settles. */
export const TAIL_PARSE_LIMIT = 8_000;

export interface StreamedView {
  /** Runs of finished blocks, each parsed once, in one piece. */
  groups: readonly string[];
  /** The text after the groups as last parsed (a prefix of what follows them). */
  parsedTail: string;
  /** The rest, not parsed yet. */
  rest: string;
}

/**
 * Decides what of a growing Markdown text is parsed and when: blocks finished since the last
 * parse join the groups together (blocks render alike alone or joined, see MarkdownSplitter),
 * and the tail is parsed again, at most every PARSE_INTERVAL_MS while the text grows, and once
 * it has settled. So a stream costs at most two parses per interval however fast it comes.
 */
export class StreamedMarkdown {
  private readonly splitter = new MarkdownSplitter();
  private text = '';
  private groups: string[] = [];
  /** How much of the text the groups hold. */
  private grouped = 0;
  private parsedTail = '';
  private parsedAt = -Infinity;

  show(text: string, now: number, settled: boolean): StreamedView {
    const { tail } = this.splitter.split(text);
    const finished = text.length - tail.length;
    // Another text, or one the splitter now parses whole (a reference definition came).
    if (!text.startsWith(this.text) || finished < this.grouped) this.forget();
    this.text = text;
    if (settled || now - this.parsedAt >= PARSE_INTERVAL_MS) {
      if (finished > this.grouped) {
        this.groups = [...this.groups, text.slice(this.grouped, finished)];
        this.grouped = finished;
      }
      if (settled || tail.length <= TAIL_PARSE_LIMIT) this.parsedTail = tail;
      this.parsedAt = now;
    }
    if (!text.startsWith(this.parsedTail, this.grouped)) this.parsedTail = '';
    return {
      groups: this.groups,
      parsedTail: this.parsedTail,
      rest: text.slice(this.grouped + this.parsedTail.length),
    };
  }

  private forget(): void {
    this.groups = [];
    this.grouped = 0;
    this.parsedTail = '';
  }
}
