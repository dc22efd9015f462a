import { memo, useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeExternalUrl } from '../../../../../shared/external-url';
import { rehypeHighlightCode } from './highlight-code';
import { useHighlighterFor } from './highlighter';
import { markdownBlocks } from './markdown-blocks';

interface MarkdownProps {
  text: string;
  onOpenLink(url: string): void;
}

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
  return (
    <div className="agent-markdown">
      {markdownBlocks(text).map((block, index) => (
        <MarkdownBlock key={index} text={block} components={components} />
      ))}
    </div>
  );
});
