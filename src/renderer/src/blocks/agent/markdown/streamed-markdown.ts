import { MarkdownSplitter } from './markdown-blocks';
import { startsWithText } from '../../../../../shared/text-prefix';

/**
 * How often a growing text gets a parse. A parse costs a few milliseconds however short the text
 * (react-markdown builds its pipeline each time), and more per kilobyte; it runs inside the frame
 * that shows the newest text, so that frame is late by as much. Meanwhile what was parsed stays,
 * and the text after it shows as it was written, at once.
 */
export const PARSE_INTERVAL_MS = 40;
/**
 * Finished blocks parsed in one go, at most (in characters; a longer block alone still goes whole):
 * a stream that finishes many paragraphs a second is parsed a bounded slice per interval, not in
 * one long frame. 25 slices a second of this keep up with 2,000 deltas a second of prose.
 */
export const GROUP_LIMIT = 2_500;
/** A growing tail longer than this is parsed again only once the text settles. */
export const TAIL_PARSE_LIMIT = 2_000;

/** How often finished blocks are parsed, and how much of them at once. */
export interface GroupPace {
  interval: number;
  limit: number;
}

const IN_FRAMES: GroupPace = { interval: PARSE_INTERVAL_MS, limit: GROUP_LIMIT };

export interface StreamedView {
  /** Runs of finished blocks, each parsed once, in one piece. */
  groups: readonly string[];
  /**
   * The text after the groups as last parsed (a prefix of what follows them); the rest is not
   * parsed yet.
   */
  parsedTail: string;
}

/**
 * Decides what of a growing Markdown text is parsed and when. While the text grows, one parse per
 * PARSE_INTERVAL_MS at most: the next finished blocks, up to GROUP_LIMIT, join the groups
 * (blocks render alike alone or joined, see MarkdownSplitter); once no finished block waits, the
 * tail is parsed again. Finished blocks not parsed yet show with the rest, as written. Once the
 * text settles, all of it is parsed. So a frame holds at most one bounded parse however fast the
 * text comes. Parsed elsewhere (a worker), finished blocks may be grouped at another pace: only
 * the tail's parse then keeps to the interval.
 */
export class StreamedMarkdown {
  private readonly splitter = new MarkdownSplitter();
  private text = '';
  private groups: string[] = [];
  /** How much of the text the groups hold. */
  private grouped = 0;
  private parsedTail = '';
  private parsedAt = -Infinity;
  /** The splitter's blocks up to `blockEnd` (as text) are grouped: the next slice starts there. */
  private blockIndex = 0;
  private blockEnd = 0;

  show(text: string, now: number, settled: boolean, pace = IN_FRAMES): StreamedView {
    const { blocks, tail } = this.splitter.split(text);
    const finished = text.length - tail.length;
    // Another text, or one the splitter now parses whole (a reference definition came).
    if (!this.splitter.grew || finished < this.grouped) this.forget();
    this.text = text;
    if (settled) {
      // In slices too: a stream that paused (or a machine too loaded to keep up) may have a
      // hundred kilobytes finished, and one group of it was one parse of seconds.
      while (finished > this.grouped) this.group(this.sliceEnd(blocks, finished, pace.limit));
      this.parsedTail = tail;
      this.parsedAt = now;
    } else if (finished > this.grouped) {
      if (now - this.parsedAt >= pace.interval) {
        this.group(this.sliceEnd(blocks, finished, pace.limit));
        this.parsedAt = now;
      }
    } else if (now - this.parsedAt >= PARSE_INTERVAL_MS) {
      if (tail.length <= TAIL_PARSE_LIMIT) this.parsedTail = tail;
      this.parsedAt = now;
    }
    if (!startsWithText(text, this.parsedTail, this.grouped)) this.parsedTail = '';
    return { groups: this.groups, parsedTail: this.parsedTail };
  }

  private group(end: number): void {
    this.groups = [...this.groups, this.text.slice(this.grouped, end)];
    this.grouped = end;
  }

  /** Where the next slice of finished blocks ends: as many as fit in `limit`, one at least. */
  private sliceEnd(blocks: readonly string[], finished: number, limit: number): number {
    // The blocks before `grouped` are whole groups: find the first block after them.
    while (this.blockEnd < this.grouped && this.blockIndex < blocks.length) {
      this.blockEnd += blocks[this.blockIndex++]!.length;
    }
    let end = this.grouped;
    while (this.blockIndex < blocks.length && end < finished) {
      const next = end + blocks[this.blockIndex]!.length;
      if (end > this.grouped && next - this.grouped > limit) break;
      end = next;
      this.blockIndex++;
    }
    this.blockEnd = end;
    return end;
  }

  private forget(): void {
    this.blockIndex = 0;
    this.blockEnd = 0;
    this.groups = [];
    this.grouped = 0;
    this.parsedTail = '';
  }
}
