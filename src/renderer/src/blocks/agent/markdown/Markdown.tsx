import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeExternalUrl } from '../../../../../shared/external-url';
import { rehypeHighlightCode } from './highlight-code';
import { useHighlighterFor } from './highlighter';
import { MarkdownSplitter } from './markdown-blocks';

interface MarkdownProps {
  text: string;
  onOpenLink(url: string): void;
}

/**
 * A growing tail is parsed again at most this often. A parse costs a few milliseconds however
 * short the text (react-markdown builds its pipeline each time), and more per kilobyte: parsed on
 * every update, a stream of deltas falls behind. Meanwhile what was parsed stays, and the text
 * after it shows as it was written, at once.
 */
export const TAIL_PARSE_INTERVAL_MS = 100;
/** A growing tail longer than this is parsed again only once it stops growing (see above). */
export const TAIL_PARSE_LIMIT = 8_000;
/** How long a text must stay the same to count as finished (the reply paused or ended). */
export const SETTLE_MS = 250;
/**
 * Text not parsed yet is laid out in pieces of about this many characters, each after the first
 * its own box: a long paragraph growing then lays out and paints its last box again, not every
 * line before it.
 */
const UNPARSED_PIECE = 2_000;

/** Pieces of `text` that stay the same as it grows: each ends after a sentence or a space. */
export function unparsedPieces(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > UNPARSED_PIECE) {
    const from = start + UNPARSED_PIECE;
    const sentence = text.indexOf('. ', from);
    const end =
      sentence !== -1 && sentence - from < 200 ? sentence + 2 : text.indexOf(' ', from) + 1;
    if (end === 0) break;
    pieces.push(text.slice(start, end));
    start = end;
  }
  pieces.push(text.slice(start));
  return pieces;
}

const UnparsedPiece = memo(function UnparsedPiece({ text }: { text: string }) {
  return <span>{text}</span>;
});

const remarkPlugins = [remarkGfm];
const rehypePlugins = [rehypeHighlightCode];

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

/** One top-level block; unchanged blocks of a growing message are not parsed again. */
const MarkdownBlock = memo(function MarkdownBlock({
  text,
  components,
}: {
  text: string;
  components: Components;
}) {
  useHighlighterFor(text);
  return (
    <ReactMarkdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      components={components}
    >
      {text}
    </ReactMarkdown>
  );
});

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
    }),
    [onOpenLink],
  );
  const [splitter] = useState(() => new MarkdownSplitter());
  const { blocks, tail } = splitter.split(text);
  const settled = useSettled(text);
  // The tail as last parsed, and when: shown before the rest of the tail while it grows.
  const parsed = useRef({ tail: '', at: -Infinity });
  const now = performance.now();
  const due = now - parsed.current.at >= TAIL_PARSE_INTERVAL_MS;
  if (settled || (due && tail.length <= TAIL_PARSE_LIMIT)) parsed.current = { tail, at: now };
  else if (!tail.startsWith(parsed.current.tail))
    parsed.current = { tail: '', at: parsed.current.at };
  const rest = tail.slice(parsed.current.tail.length);
  return (
    <div className="agent-markdown">
      {blocks.map((block, index) => (
        <MarkdownBlock key={index} text={block} components={components} />
      ))}
      <MarkdownBlock key="tail" text={parsed.current.tail} components={components} />
      {rest && (
        <span key="rest" className="agent-markdown-unparsed">
          {unparsedPieces(rest).map((piece, index) => (
            <UnparsedPiece key={index} text={piece} />
          ))}
        </span>
      )}
    </div>
  );
});
