import { useId } from 'react';
import type { PermissionMode } from '../../../../../shared/agent-control';
import { formatCost, formatTokens } from '../model/format';
import type { AgentStatus } from '../model/agent-status';
import type { AgentSnapshot } from '../model/agent-store';
import { ModelPicker } from './ModelPicker';
import { QueuedCount } from '../composer/QueuedCount';
import { permissionModeChoices, permissionModeLabel } from './permission-modes';

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
  /** Opens "Context usage" from the meter, where the workspace offers it. */
  onShowContextUsage?(): void;
}

const STATUS_LABELS: Record<AgentStatus, string> = {
  starting: 'Starting',
  thinking: 'Thinking',
  writing: 'Writing',
  'running a tool': 'Running',
  'waiting for permission': 'Waiting for you',
  compacting: 'Compacting',
  'not responding': 'Not responding',
  idle: 'Idle',
  exited: 'Exited',
};

const WORKING: ReadonlySet<AgentStatus> = new Set([
  'starting',
  'thinking',
  'writing',
  'running a tool',
  'compacting',
]);

/** The newest tool still running, and how many others are. */
function statusLabel(status: AgentStatus, runningTools: readonly string[]): string {
  if (status !== 'running a tool') return STATUS_LABELS[status];
  const others = runningTools.length - 1;
  return `Running ${runningTools.at(-1)}${others > 0 ? ` +${others}` : ''}`;
}

function ContextUsage({
  tokens,
  window,
  onShow,
}: {
  tokens: number;
  window: number;
  onShow?: () => void;
}) {
  const percent = Math.min(100, Math.round((tokens / window) * 100));
  const meter = (
    <>
      <meter min={0} max={window} value={tokens} aria-label="Context used" />
      {percent}% context
    </>
  );
  const title = `${tokens} of ${window} tokens in the context window`;
  return onShow ? (
    <button
      type="button"
      className="agent-context"
      aria-label={`Context usage, ${percent}% context`}
      title={title}
      onClick={onShow}
    >
      {meter}
    </button>
  ) : (
    <span className="agent-context" title={title}>
      {meter}
    </span>
  );
}

/**
 * The session at a glance, in two rows: what it does and since when, with the model and the
 * permission mode; then what it cost and holds, and the views it opens. The folder is the block
 * title's to show.
 */
export function AgentHeader({
  snapshot,
  mode,
  onModeChange,
  model,
  onModelChange,
  rawOpen,
  onToggleRaw,
  onReview,
  onShowContextUsage,
}: AgentHeaderProps) {
  const { info, costs, status, unhandled, runningTools, lifecycle } = snapshot;
  // A remote session whose connection died did not end: it is cut off, and will come back.
  const disconnected = lifecycle.state === 'exited' && lifecycle.reason === 'disconnected';
  const badge = useId();
  const working = WORKING.has(status);
  return (
    <div className="agent-header">
      <div className="agent-header-row">
        <span className="agent-activity">
          {working && <span className="agent-spinner" aria-hidden="true" />}
          <span
            className={`agent-status ${status.replaceAll(' ', '-')}`}
            role="status"
            aria-label="Session status"
            title={status === 'running a tool' ? runningTools.join(', ') : undefined}
          >
            {disconnected ? 'Disconnected' : statusLabel(status, runningTools)}
          </span>
          <QueuedCount prompts={snapshot.sending} />
        </span>
        <ModelPicker
          models={info.models}
          current={info.model}
          chosen={model}
          onChange={onModelChange}
        />
        <select
          aria-label="Permission mode"
          className="agent-mode"
          value={mode}
          onChange={(event) => onModeChange(event.target.value as PermissionMode)}
        >
          {permissionModeChoices(mode).map((candidate) => (
            <option key={candidate} value={candidate}>
              {permissionModeLabel(candidate)}
            </option>
          ))}
        </select>
      </div>
      <div className="agent-header-row">
        <span className="agent-cost" title="Session cost and tokens">
          {formatCost(costs.cost_usd)} · {formatTokens(costs.input_tokens)} in ·{' '}
          {formatTokens(costs.output_tokens)} out
        </span>
        {costs.context_window !== null && costs.context_tokens !== null && (
          <ContextUsage
            tokens={costs.context_tokens}
            window={costs.context_window}
            onShow={onShowContextUsage}
          />
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
    </div>
  );
}
