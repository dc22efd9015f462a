import type { UsageRow, UsageTable } from '../../../shared/contract/usage';
import { hourStart, type SessionUsage, type TokenCounts } from './session-usage';

export interface SessionSpending {
  project: string;
  usage: SessionUsage;
}

/** A day in the host's local time, `YYYY-MM-DD`. */
export function localDay(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const emptyRow = (key: string): UsageRow => ({
  key,
  sessions: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheCreationTokens: 0,
  costUsd: 0,
});

function addCounts(row: UsageRow, counts: TokenCounts): void {
  row.inputTokens += counts[0];
  row.outputTokens += counts[1];
  row.cacheReadTokens += counts[2];
  row.cacheCreationTokens += counts[3];
}

const sum = (counts: TokenCounts) => counts[0] + counts[1] + counts[2] + counts[3];

/**
 * Tokens and cost by day and by project. A session's cost is one figure for the whole session (the
 * CLI records no cost per reply), so a session that ran over several days shares it out among them
 * by the tokens it spent on each: exact for a session within one day, an estimate across days; the
 * projects' costs are exact either way.
 */
export function usageTable(
  sessions: readonly SessionSpending[],
  dayOf: (ms: number) => string = localDay,
): UsageTable {
  const days = new Map<string, UsageRow>();
  const projects = new Map<string, UsageRow>();
  let sessionsWithoutCost = 0;
  for (const { project, usage } of sessions) {
    const perDay = new Map<string, TokenCounts>();
    for (const [hour, byModel] of Object.entries(usage.tokens)) {
      const day = dayOf(hourStart(hour));
      const into = perDay.get(day) ?? [0, 0, 0, 0];
      for (const counts of Object.values(byModel))
        for (let i = 0; i < 4; i++) into[i]! += counts[i]!;
      perDay.set(day, into);
    }
    const total = [...perDay.values()].reduce((n, counts) => n + sum(counts), 0);
    const cost = usage.costUsd ?? 0;
    if (usage.costUsd === undefined && total > 0) sessionsWithoutCost++;

    const projectRow = projects.get(project) ?? emptyRow(project);
    projectRow.sessions++;
    projectRow.costUsd += cost;
    for (const [day, counts] of perDay) {
      const row = days.get(day) ?? emptyRow(day);
      row.sessions++;
      addCounts(row, counts);
      if (total > 0) row.costUsd += (cost * sum(counts)) / total;
      days.set(day, row);
      addCounts(projectRow, counts);
    }
    projects.set(project, projectRow);
  }
  return {
    days: [...days.values()].sort((a, b) => (a.key < b.key ? 1 : -1)),
    projects: [...projects.values()].sort(
      (a, b) => b.costUsd - a.costUsd || (a.key < b.key ? -1 : 1),
    ),
    sessions: sessions.length,
    sessionsWithoutCost,
  };
}
