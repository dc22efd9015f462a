import type { Root } from 'hast';
import { toJsxRuntime, type Components as JsxComponents } from 'hast-util-to-jsx-runtime';
import {
  createContext,
  memo,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { Components } from 'react-markdown';
import { safeExternalUrl } from '../../../../../shared/external-url';
import { useHighlighterFor } from './highlighter';
import { markdownTree } from './markdown-tree';
import { WorkerTrees } from './markdown-trees';
import {
  GROUP_LIMIT,
  StreamedMarkdown,
  type GroupPace,
  type StreamedView,
} from './streamed-markdown';
import { UNPARSED_CLASS } from './unparsed-slot';
import { startsWithText } from '../../../../../shared/text-prefix';

interface MarkdownProps {
  text: string;
  onOpenLink(url: string): void;
}

/** How long a text must stay the same to count as finished (the reply paused or ended). */
export const SETTLE_MS = 250;
/**
 * How long a settled text waits for the worker's trees, with the worker answering nothing, before
 * what has not come is parsed here: a reply that never comes (a worker stuck, a message lost)
 * would leave it as written for good. A worker still answering is only behind (a loaded machine,
 * a long reply): parsing all it was asked here, in one render, was a task of seconds.
 */
export const TREE_DEADLINE_MS = 1_000;
/**
 * Text not parsed yet is laid out in pieces of about this many characters, each after the first
 * its own box: a long paragraph growing then lays out and paints its last box again, not every
 * line before it.
 */
const UNPARSED_PIECE = 2_000;

export interface UnparsedPiece {
  /** Where the piece starts in the whole message: its key. */
  at: number;
  text: string;
}

/**
 * Pieces of `text` (which starts at `start` in the message) that stay the same as it grows and as
 * its start moves on (the parse catching up): each ends after a sentence or a space that follows
 * a multiple of UNPARSED_PIECE in the message, so only the first and the last piece change.
 */
export function unparsedPieces(text: string, start = 0): UnparsedPiece[] {
  const pieces: UnparsedPiece[] = [];
  let from = 0;
  for (
    let boundary = (Math.floor(start / UNPARSED_PIECE) + 1) * UNPARSED_PIECE - start;
    boundary < text.length;
    boundary += UNPARSED_PIECE
  ) {
    const sentence = text.indexOf('. ', boundary);
    const end =
      sentence !== -1 && sentence - boundary < 200 ? sentence + 2 : text.indexOf(' ', boundary) + 1;
    if (end === 0) break;
    if (end <= from) continue;
    pieces.push({ at: start + from, text: text.slice(from, end) });
    from = end;
  }
  pieces.push({ at: start + from, text: text.slice(from) });
  return pieces;
}

/**
 * A piece after the first is a block of its own (by its class: a sibling selector made every
 * piece added or taken away restyle the pieces after it).
 */
const UnparsedPieceView = memo(function UnparsedPieceView({
  text,
  block,
}: {
  text: string;
  block: boolean;
}) {
  return <span className={block ? 'agent-markdown-piece' : undefined}>{text}</span>;
});

/** The text written after the parsed part, for the slot its parse left for it, and where it starts. */
const UnparsedText = createContext({ text: '', at: 0 });

function Unparsed({ end }: { end: string }) {
  const { text, at } = useContext(UnparsedText);
  if (!text) return end;
  return (
    <span className={UNPARSED_CLASS}>
      {unparsedPieces(text, at).map((piece, index) => (
        <UnparsedPieceView key={piece.at} text={piece.text} block={index > 0} />
      ))}
    </span>
  );
}

function LinkOrText({
  url,
  onOpenLink,
  children,
}: {
  url: string | undefined;
  onOpenLink(url: string): void;
  children: ReactNode;
}) {
  const safe = url && safeExternalUrl(url);
  if (!safe) return <span className="agent-link-refused">{children}</span>;
  return (
    <a
      href={safe}
      title={safe}
      onClick={(event) => {
        event.preventDefault();
        onOpenLink(safe);
      }}
    >
      {children}
    </a>
  );
}

/**
 * One top-level block; unchanged blocks of a growing message are not parsed again. The `tail`
 * leaves a slot where the text not parsed yet goes on. Given no `tree` (none came from the
 * worker), it parses `text` itself.
 */
const MarkdownBlock = memo(function MarkdownBlock({
  text,
  tree,
  components,
  tail = false,
}: {
  text: string;
  tree?: Root | undefined;
  components: Components;
  tail?: boolean;
}) {
  // Parsed here, code is coloured once the highlighter has loaded; the worker waits for its own.
  useHighlighterFor(text, !tree);
  // As react-markdown renders its tree.
  return toJsxRuntime(tree ?? markdownTree(text, tail), {
    Fragment,
    jsx,
    jsxs,
    components: components as JsxComponents,
    ignoreInvalidStyle: true,
    passKeys: true,
    passNode: true,
  });
});

/**
 * Finished blocks parsed in the worker: as soon as they are, and more at once (a slice per
 * interval fell behind 2,000 deltas a second), since only making their elements is left here.
 */
const IN_WORKER: GroupPace = { interval: 0, limit: 4 * GROUP_LIMIT };

/** A block to show: its tree if the worker parsed it, else its text, parsed in render. */
interface ShownBlock {
  text: string;
  tree?: Root;
}

/** Nothing parsed after the groups: the text written after them shows as a block of its own. */
let noTail: ShownBlock | undefined;
const emptyTail = () => (noTail ??= { text: '', tree: markdownTree('', true) });

interface Shown {
  groups: ShownBlock[];
  tail: ShownBlock;
  /** How much of the text they hold. */
  covered: number;
}

/**
 * Of what the worker was asked to parse, what has come: the groups in order up to the first
 * still on its way, then the newest tail that still fits. What was parsed here before the text
 * first grew (`before`) stays as it was. Past the deadline (`late`), what has not come is parsed
 * here.
 */
function fromWorker(
  view: StreamedView,
  text: string,
  trees: WorkerTrees,
  before: StreamedView,
  late: boolean,
): Shown {
  const groups: ShownBlock[] = [];
  let covered = 0;
  for (const [index, group] of view.groups.entries()) {
    const tree = before.groups[index] === group ? undefined : trees.block(index, group);
    if (tree === null && !late) break;
    groups.push(tree ? { text: group, tree } : { text: group });
    covered += group.length;
  }
  trees.keepBlocks(view.groups.length);
  // While groups are on their way, the tail shown last may still fit where they end.
  const latest = trees.latestTail(view.parsedTail);
  if (late) {
    return {
      groups,
      tail: latest?.text === view.parsedTail ? latest : { text: view.parsedTail },
      covered,
    };
  }
  const tail =
    latest && startsWithText(text, latest.text, covered)
      ? latest
      : before.parsedTail && startsWithText(text, before.parsedTail, covered)
        ? { text: before.parsedTail }
        : emptyTail();
  return { groups, tail, covered };
}

function parsedHere(view: StreamedView): Shown {
  const covered = view.groups.reduce((length, group) => length + group.length, 0);
  return {
    groups: view.groups.map((text) => ({ text })),
    tail: { text: view.parsedTail },
    covered,
  };
}

/** What a parse drops at the end of a block: spaces and line ends, which the next text needs. */
function trailingSpace(text: string): string {
  return text.slice(text.trimEnd().length);
}

/** Whether `text` has stayed the same for SETTLE_MS; a text shown first is settled at once. */
function useSettled(text: string): boolean {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    if (settled === text) return;
    const timer = setTimeout(() => setSettled(text), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, settled]);
  return settled === text;
}

/**
 * Model text as GitHub-flavoured Markdown. The text is untrusted: raw HTML in it shows as the literal
 * text the model wrote (see markdownTree), never as markup;
 * links go through the host's checked opener, and images are shown as links so that no remote
 * content loads by itself.
 */
export const Markdown = memo(function Markdown({ text, onOpenLink }: MarkdownProps) {
  const components = useMemo(
    (): Components => ({
      a: ({ href, children }) => (
        <LinkOrText url={href} onOpenLink={onOpenLink}>
          {children}
        </LinkOrText>
      ),
      img: ({ src, alt }) => (
        <LinkOrText url={typeof src === 'string' ? src : undefined} onOpenLink={onOpenLink}>
          [image{alt ? `: ${alt}` : ''}]
        </LinkOrText>
      ),
      // Only the slot has this class: raw HTML in the text never becomes elements.
      span: ({ className, children, ...props }) =>
        className === UNPARSED_CLASS ? (
          <Unparsed end={String((props as Record<string, unknown>)['data-end'] ?? '')} />
        ) : (
          <span className={className}>{children}</span>
        ),
    }),
    [onOpenLink],
  );
  const [streamed] = useState(() => new StreamedMarkdown());
  const [, treeCame] = useReducer((count: number) => count + 1, 0);
  const settled = useSettled(text);
  /** The settled text that has waited TREE_DEADLINE_MS for trees. */
  const [overdue, setOverdue] = useState<string | null>(null);
  const isSettled = useRef(settled);
  isSettled.current = settled;
  // While the text grows, the next frame shows what came; a settled text renders for it.
  const [trees] = useState(() => new WorkerTrees(() => isSettled.current && treeCame()));
  /** What was last parsed here; once the text grows, the worker parses the rest. */
  const here = useRef<StreamedView | null>(null);
  const streaming = useRef(false);
  // A text shown whole (a transcript opened) is parsed here at once, so that it never shows as
  // written first; one growing is parsed in the worker, not in the frames that show it.
  streaming.current ||= !settled && here.current !== null && trees.available;
  const pace = streaming.current ? IN_WORKER : undefined;
  const view = streamed.show(text, performance.now(), settled, pace);
  if (!streaming.current) here.current = view;
  const { groups, tail, covered } = streaming.current
    ? fromWorker(view, text, trees, here.current!, settled && overdue === text)
    : parsedHere(view);
  const rest = text.slice(covered + tail.text.length);
  const unparsed = rest && trailingSpace(tail.text) + rest;
  // A settled text's view holds all of it: what still shows as written waits for the worker.
  const waiting = settled && rest ? text : null;
  useEffect(() => {
    if (waiting === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const wait = (ms: number) => {
      timer = setTimeout(() => {
        const quiet = trees.quietFor();
        if (quiet >= TREE_DEADLINE_MS) setOverdue(waiting);
        else wait(TREE_DEADLINE_MS - quiet);
      }, ms);
    };
    wait(TREE_DEADLINE_MS);
    return () => clearTimeout(timer);
  }, [waiting, trees]);
  return (
    <div className="agent-markdown">
      {groups.map((group, index) => (
        <MarkdownBlock key={index} text={group.text} tree={group.tree} components={components} />
      ))}
      <UnparsedText.Provider value={{ text: unparsed, at: text.length - unparsed.length }}>
        <MarkdownBlock key="tail" text={tail.text} tree={tail.tree} components={components} tail />
      </UnparsedText.Provider>
    </div>
  );
});
