import { isRecord } from '../../../shared/is-record';
import { nonEmpty, num } from '../../../shared/json-fields';

/**
 * What a session spent, folded from its transcript: the tokens of each API reply (its `message.usage`)
 * by the hour it came in and its model, and the cost Claude Code recorded. The CLI writes no cost per
 * reply; it appends a `cost-state` entry (`totalCostUSD`, the session's running total) each time its
 * process ends, so the last one is the session's cost so far, and a session still running has none
 * for what it did since.
 */
export interface SessionUsage {
  /** Hour (since the epoch, UTC) → model → counts. */
  tokens: Record<string, Record<string, TokenCounts>>;
  /** The last `cost-state`'s total, or undefined before the CLI first wrote one. */
  costUsd?: number;
  /** The last reply's counts, taken back when its next entry repeats them (see foldUsage). */
  last?: { id: string; hour: string; model: string; counts: TokenCounts };
}

/** Input, output, cache read, cache creation: a tuple, as a session keeps one per hour and model. */
export type TokenCounts = [number, number, number, number];

const HOUR_MS = 3_600_000;

function countsOf(usage: Record<string, unknown>): TokenCounts {
  const n = (key: string) => Math.max(0, num(usage[key]) ?? 0);
  return [
    n('input_tokens'),
    n('output_tokens'),
    n('cache_read_input_tokens'),
    n('cache_creation_input_tokens'),
  ];
}

function add(usage: SessionUsage, hour: string, model: string, counts: TokenCounts, sign: 1 | -1) {
  const byModel = (usage.tokens[hour] ??= {});
  const into = (byModel[model] ??= [0, 0, 0, 0]);
  for (let i = 0; i < 4; i++) into[i] = into[i]! + sign * counts[i]!;
}

/**
 * Folds one entry's spending into `into.usage` (in place; made on the first reply or cost). A reply is written as one entry per content
 * block, each with the reply's usage: only the newest of a run counts, so the reply counts once with
 * its final figures. Subagents' replies in the same file (older CLIs) are spending too and count.
 */
export function foldUsage(
  into: { usage?: SessionUsage },
  entry: Record<string, unknown>,
  at?: number,
): void {
  const type = entry['type'];
  if (type === 'cost-state') {
    const cost = num(entry['totalCostUSD']);
    if (cost !== null && cost >= 0) (into.usage ??= { tokens: {} }).costUsd = cost;
    return;
  }
  if (type !== 'assistant' || at === undefined) return;
  const message = entry['message'];
  if (!isRecord(message) || !isRecord(message['usage'])) return;
  const model = nonEmpty(message['model']);
  // The CLI's own notices (`<synthetic>`) were never sent to the API.
  if (!model || model.startsWith('<')) return;
  const counts = countsOf(message['usage']);
  const id = nonEmpty(message['id']) ?? '';
  const hour = String(Math.floor(at / HOUR_MS));
  const usage = (into.usage ??= { tokens: {} });
  if (id && usage.last?.id === id)
    add(usage, usage.last.hour, usage.last.model, usage.last.counts, -1);
  add(usage, hour, model, counts, 1);
  usage.last = { id, hour, model, counts };
}

export const hourStart = (hour: string): number => Number(hour) * HOUR_MS;
