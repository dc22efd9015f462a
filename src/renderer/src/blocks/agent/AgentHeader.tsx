import { useId } from 'react';
import { PERMISSION_MODES, type PermissionMode } from '../../../../shared/agent-control';
import { formatCost, formatTokens } from './format';
import type { AgentSnapshot } from './model/agent-store';
import { ModelPicker } from './ModelPicker';

interface AgentHeaderProps {
  snapshot: AgentSnapshot;
  /** The mode shown: the one just chosen until the CLI confirms it. */
  mode: string;
  onModeChange(mode: PermissionMode): void;
  /** The model just chosen, until the CLI announces it. */
  model: string | null;
  onModelChange(model: string): void;
  rawOpen: boolean;
  onToggleRaw(): void;
  onReview(): void;
}

function ContextUsage({ tokens, window }: { tokens: number; window: number }) {
  const percent = Math.min(100, Math.round((tokens / window) * 100));
  return (
    <span className="agent-context" title={`${tokens} of ${window} tokens in the context window`}>
      <meter min={0} max={window} value={tokens} aria-label="Context used" />
      {percent}% context
    </span>
  );
}

/** The session at a glance: where, which model, how permissive, what it does, what it cost. */
export function AgentHeader({
  snapshot,
  mode,
  onModeChange,
  model,
  onModelChange,
  rawOpen,
  onToggleRaw,
  onReview,
}: AgentHeaderProps) {
  const { info, costs, status, unhandled, runningTools } = snapshot;
  const badge = useId();
  const cwd = snapshot.cwd ?? info.cwd;
  return (
    <div className="agent-header">
      {cwd && (
        <span className="agent-cwd" title={cwd}>
          {cwd}
        </span>
      )}
      <ModelPicker
        models={info.models}
        current={info.model}
        chosen={model}
        onChange={onModelChange}
      />
      <select
        aria-label="Permission mode"
        value={mode}
        onChange={(event) => onModeChange(event.target.value as PermissionMode)}
      >
        {PERMISSION_MODES.map((candidate) => (
          <option key={candidate} value={candidate}>
            {candidate}
          </option>
        ))}
      </select>
      <span
        className={`agent-status ${status.replaceAll(' ', '-')}`}
        role="status"
        aria-label="Session status"
        title={status === 'running a tool' ? runningTools.join(', ') : undefined}
      >
        {status}
      </span>
      <span className="agent-cost" title="Session cost and tokens">
        {formatCost(costs.cost_usd)} · {formatTokens(costs.input_tokens)} in ·{' '}
        {formatTokens(costs.output_tokens)} out
      </span>
      {costs.context_window !== null && costs.context_tokens !== null && (
        <ContextUsage tokens={costs.context_tokens} window={costs.context_window} />
      )}
      <button type="button" className="agent-link-button" onClick={onReview}>
        Review changes
      </button>
      <button
        type="button"
        className="agent-raw-toggle"
        aria-label="Raw output"
        aria-pressed={rawOpen}
        aria-describedby={unhandled > 0 ? badge : undefined}
        onClick={onToggleRaw}
      >
        Raw output
        {unhandled > 0 && (
          <span id={badge} className="agent-badge">
            {unhandled} unhandled
          </span>
        )}
      </button>
    </div>
  );
}
