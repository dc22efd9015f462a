import type { SessionSummary, Snippet } from '../../../shared/library';

export type LibraryRow =
  | { kind: 'project'; key: string; project: string }
  | { kind: 'session'; key: string; session: SessionSummary; snippet?: Snippet };

/**
 * The listing grouped by the folder each session ran in: groups in the order of their newest
 * session, sessions newest first within them (the host lists newest first).
 */
export function groupedRows(sessions: readonly SessionSummary[]): LibraryRow[] {
  const groups = new Map<string, SessionSummary[]>();
  for (const session of sessions) {
    const group = groups.get(session.project);
    if (group) group.push(session);
    else groups.set(session.project, [session]);
  }
  return [...groups].flatMap(([project, members]) => [
    { kind: 'project' as const, key: `project:${project}`, project },
    ...members.map((session) => ({
      kind: 'session' as const,
      key: `session:${session.sessionId}`,
      session,
    })),
  ]);
}

/** Search results, best first, each with its snippet (its folder is shown on the row). */
export function hitRows(
  hits: readonly { session: SessionSummary; snippet: Snippet }[],
): LibraryRow[] {
  return hits.map(({ session, snippet }) => ({
    kind: 'session',
    key: `session:${session.sessionId}`,
    session,
    snippet,
  }));
}

export type DateRange = 'any' | 'today' | 'week' | 'month';

export const DATE_RANGES: readonly { value: DateRange; label: string }[] = [
  { value: 'any', label: 'Any time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Last 7 days' },
  { value: 'month', label: 'Last 30 days' },
];

/** The start of a date range, in epoch ms; undefined for any time. */
export function sinceOf(range: DateRange, now: Date): number | undefined {
  if (range === 'any') return undefined;
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const days = range === 'today' ? 0 : range === 'week' ? 6 : 29;
  return midnight - days * 24 * 60 * 60 * 1000;
}

/** "3 min ago", "yesterday", "12 Nov": when a session was last active, at a glance. */
export function whenLabel(at: number | null, now: number): string {
  if (at === null) return 'unknown time';
  const minutes = Math.round((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}
