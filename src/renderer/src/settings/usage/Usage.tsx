import { lazy, Suspense } from 'react';
import type { HostApi } from '../../../../shared/host-api';
import type { PlanLimits, UsageRow, UsageTable } from '../../../../shared/contract/usage';
import { formatCost, formatCount } from '../../blocks/agent/model/format';
import { useAnswer } from './use-answer';
import { UsageDialog } from './UsageDialog';

// The chart library comes with the first "Usage" dialog, not with the page.
const UsageChart = lazy(() => import('./usage-chart'));

function resetText(resetsAt: number | null): string {
  if (resetsAt === null) return '';
  const at = new Date(resetsAt);
  return `resets ${at.toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' })}`;
}

function Plan({ plan, unavailable }: { plan: PlanLimits | null; unavailable: string | null }) {
  if (!plan) return <p className="usage-note">{unavailable}</p>;
  if (!plan.available)
    return (
      <p className="usage-note">
        No plan limits apply: Claude Code is signed in with an API key or a cloud provider, not a
        Claude plan.
      </p>
    );
  if (plan.windows.length === 0)
    return <p className="usage-note">Claude Code reported no limit windows for this plan.</p>;
  return (
    <ul className="plan-windows" aria-label="Plan limits">
      {plan.windows.map((window) => (
        <li key={window.name}>
          <span>{window.name}</span>
          <meter min={0} max={100} value={window.utilization ?? 0} aria-label={window.name} />
          <span>
            {window.utilization === null ? '—' : `${Math.round(window.utilization)}% used`}{' '}
            {resetText(window.resetsAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Rows({ label, head, rows }: { label: string; head: string; rows: readonly UsageRow[] }) {
  return (
    <table className="usage-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col">Sessions</th>
          <th scope="col">Input</th>
          <th scope="col">Output</th>
          <th scope="col">Cache read</th>
          <th scope="col">Cache write</th>
          <th scope="col">Cost</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" title={row.key}>
              {row.key}
            </th>
            <td>{formatCount(row.sessions)}</td>
            <td>{formatCount(row.inputTokens)}</td>
            <td>{formatCount(row.outputTokens)}</td>
            <td>{formatCount(row.cacheReadTokens)}</td>
            <td>{formatCount(row.cacheCreationTokens)}</td>
            <td>{formatCost(row.costUsd)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Spending({ table }: { table: UsageTable }) {
  if (table.sessions === 0)
    return (
      <p className="usage-note">No Claude Code session on this computer has spent anything yet.</p>
    );
  return (
    <>
      <Suspense fallback={<div className="usage-chart" />}>
        <UsageChart days={table.days} />
      </Suspense>
      {table.sessionsWithoutCost > 0 && (
        <p className="usage-note">
          {table.sessionsWithoutCost} session{table.sessionsWithoutCost === 1 ? ' has' : 's have'}{' '}
          tokens but no cost yet: Claude Code records a session’s cost when its process ends.
        </p>
      )}
      <h3>By day</h3>
      <Rows label="Usage by day" head="Day" rows={table.days} />
      <h3>By project</h3>
      <Rows label="Usage by project" head="Project" rows={table.projects} />
    </>
  );
}

/**
 * "Usage": the plan's limits as the agent block's CLI reports them, and what every Claude Code
 * session on this computer spent, by day and by project (the session library's index).
 */
export function UsageView({
  api,
  agentId,
  onClose,
}: {
  api: HostApi;
  agentId: string | null;
  onClose(): void;
}) {
  const answer = useAnswer(() => api.usage({ agentId }), agentId ?? '');
  return (
    <UsageDialog label="Usage" onClose={onClose}>
      {answer.state === 'loading' && <p role="status">Adding up…</p>}
      {answer.state === 'failed' && <p role="alert">{answer.reason}</p>}
      {answer.state === 'done' && (
        <>
          <h3>Plan limits</h3>
          <Plan plan={answer.value.plan} unavailable={answer.value.planUnavailable} />
          <Spending table={answer.value.table} />
        </>
      )}
    </UsageDialog>
  );
}
