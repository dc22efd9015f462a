import {
  createContext,
  memo,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeExternalUrl } from '../../../../../shared/external-url';
import { rehypeHighlightCode } from './highlight-code';
import { useHighlighterFor } from './highlighter';
import { StreamedMarkdown } from './streamed-markdown';
import { rehypeUnparsedSlot, UNPARSED_CLASS } from './unparsed-slot';

interface MarkdownProps {
  text: string;
  onOpenLink(url: string): void;
}

/** How long a text must stay the same to count as finished (the reply paused or ended). */
export const SETTLE_MS = 250;
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

const UnparsedPieceView = memo(function UnparsedPieceView({ text }: { text: string }) {
  return <span>{text}</span>;
});

/** The text written after the parsed part, for the slot its parse left for it, and where it starts. */
const UnparsedText = createContext({ text: '', at: 0 });

function Unparsed({ end }: { end: string }) {
  const { text, at } = useContext(UnparsedText);
  if (!text) return end;
  return (
    <span className={UNPARSED_CLASS}>
      {unparsedPieces(text, at).map((piece) => (
        <UnparsedPieceView key={piece.at} text={piece.text} />
      ))}
    </span>
  );
}

const remarkPlugins = [remarkGfm];
const rehypePlugins = [rehypeHighlightCode];
const tailRehypePlugins = [rehypeHighlightCode, rehypeUnparsedSlot];

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
 * leaves a slot where the text not parsed yet goes on.
 */
const MarkdownBlock = memo(function MarkdownBlock({
  text,
  components,
  tail = false,
}: {
  text: string;
  components: Components;
  tail?: boolean;
}) {
  useHighlighterFor(text);
  return (
    <ReactMarkdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={tail ? tailRehypePlugins : rehypePlugins}
      components={components}
    >
      {text}
    </ReactMarkdown>
  );
});

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
 * text the model wrote (react-markdown's default without a raw-HTML plugin), never as markup;
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
  const settled = useSettled(text);
  const { groups, parsedTail, rest } = streamed.show(text, performance.now(), settled);
  const unparsed = rest && trailingSpace(parsedTail) + rest;
  return (
    <div className="agent-markdown">
      {groups.map((group, index) => (
        <MarkdownBlock key={index} text={group} components={components} />
      ))}
      <UnparsedText.Provider value={{ text: unparsed, at: text.length - unparsed.length }}>
        <MarkdownBlock key="tail" text={parsedTail} components={components} tail />
      </UnparsedText.Provider>
    </div>
  );
});
