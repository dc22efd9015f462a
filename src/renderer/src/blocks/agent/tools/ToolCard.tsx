import type { ReactNode } from 'react';
import type { ToolItem, TranscriptItem } from '../model/transcript-model';
import { ToolBody } from './ToolBody';
import { toolSummary } from '../model/tool-summary';

export interface ToolCardProps {
  item: ToolItem;
  /** Renders a subagent's own items inside its card. */
  renderItem(item: TranscriptItem): ReactNode;
  onOpenLink(url: string): void;
}

function stateOf(item: ToolItem): { className: string; label: string } {
  if (!item.result) return { className: 'running', label: 'running' };
  if (item.result.denied) return { className: 'denied', label: 'Denied' };
  return item.result.is_error
    ? { className: 'failed', label: 'failed' }
    : { className: 'done', label: 'done' };
}

/** One tool call with its result attached, shown in the form that suits the tool. */
export function ToolCard(props: ToolCardProps) {
  const { item } = props;
  const name = item.name || 'Tool result';
  const summary = toolSummary(item.name, item.input);
  const state = stateOf(item);
  return (
    <div
      className={`agent-tool ${state.className}`}
      role="group"
      aria-label={summary ? `${name}: ${summary}` : name}
      data-tool-use-id={item.id}
    >
      <div className="agent-tool-head">
        <span className="agent-tool-name">{name}</span>
        {summary && <span className="agent-tool-summary">{summary}</span>}
        <span className="agent-tool-state">{state.label}</span>
      </div>
      <ToolBody {...props} />
    </div>
  );
}
