import { memo, useState } from 'react';
import { ErrorNote } from './ErrorNote';
import { formatCost, formatDuration, formatTokens } from '../model/format';
import { Markdown } from '../markdown/Markdown';
import type { TranscriptItem } from '../model/transcript-model';
import { safeModelMarkdown } from '../model/safe-markdown';
import { ToolCard } from '../tools/ToolCard';
import { resetClock } from './reset-time';
import { ChangesSummary } from './ChangesSummary';
import { PromptActions } from './PromptActions';

interface ItemProps {
  item: TranscriptItem;
  onOpenLink(url: string): void;
}

/**
 * Copies a reply as the Markdown the model wrote, less what a viewer would run or load (raw HTML,
 * images); says so for a moment.
 */
function CopyMarkdown({ text }: { text: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <button
      type="button"
      className="agent-copy agent-link-button"
      onClick={() =>
        void navigator.clipboard.writeText(safeModelMarkdown(text)).then(
          () => setCopied('Copied'),
          () => setCopied('Could not copy'),
        )
      }
      onBlur={() => setCopied(null)}
    >
      {copied ?? 'Copy as Markdown'}
    </button>
  );
}

/** One transcript entry. Memoized by item identity: the model replaces an item when it changes. */
export const TranscriptItemView = memo(function TranscriptItemView({
  item,
  onOpenLink,
}: ItemProps) {
  switch (item.kind) {
    case 'user':
      return (
        <div className="agent-user">
          <span className="agent-role">You</span>
          <p>{item.text}</p>
          {item.images !== undefined && (
            <p className="agent-note">
              {item.images === 1 ? 'With 1 image' : `With ${item.images} images`}
            </p>
          )}
          {item.uuid && <PromptActions uuid={item.uuid} text={item.text} />}
        </div>
      );
    case 'assistant':
      return (
        <div className="agent-assistant">
          <Markdown text={item.text} onOpenLink={onOpenLink} />
          {item.aborted && <p className="agent-note">Interrupted: the reply stops here.</p>}
          <CopyMarkdown text={item.text} />
        </div>
      );
    case 'thinking':
      return (
        <details className="agent-thinking">
          <summary>Thinking</summary>
          <p>{item.text}</p>
        </details>
      );
    case 'tool':
      return (
        <ToolCard
          item={item}
          onOpenLink={onOpenLink}
          renderItem={(child) => <TranscriptItemView item={child} onOpenLink={onOpenLink} />}
        />
      );
    case 'error':
      return <ErrorNote message={item.message} subtype={item.subtype} resetsAt={item.resets_at} />;
    case 'changes':
      return <ChangesSummary files={item.files} />;
    case 'compaction':
      return (
        <div className="agent-compaction" role="separator" aria-label="Conversation compacted">
          Compacted ({item.trigger}): {formatTokens(item.pre_tokens)} tokens
          {item.post_tokens !== undefined && ` → ${formatTokens(item.post_tokens)}`}
        </div>
      );
    case 'turn_cost':
      return (
        <div className="agent-turn-cost">
          Turn {formatCost(item.cost_usd)} · {formatTokens(item.input_tokens)} in ·{' '}
          {formatTokens(item.output_tokens)} out
          {item.duration_ms !== undefined && ` · ${formatDuration(item.duration_ms)}`}
        </div>
      );
    case 'rate_limit':
      return (
        <div className="agent-note agent-rate-limit">
          Rate limit {item.rate_limit_type ? `(${item.rate_limit_type}) ` : ''}
          {item.status}
          {item.utilization !== undefined && `, ${Math.round(item.utilization * 100)}% used`}
          {item.resets_at !== undefined && `, resets at ${resetClock(item.resets_at)}`}
        </div>
      );
    case 'note':
      return <div className="agent-note">{item.text}</div>;
    case 'output':
      return <pre className="agent-command-output">{item.text}</pre>;
    case 'divider':
      return (
        <div className="agent-compaction" role="separator" aria-label={item.text}>
          {item.text}
        </div>
      );
  }
});
