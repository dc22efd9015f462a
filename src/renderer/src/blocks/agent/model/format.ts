/** Money as people read it: cents for big sums, more digits for the fractions of a cent turns cost. */
export function formatCost(usd: number): string {
  return `$${usd >= 1 ? usd.toFixed(2) : usd.toFixed(4)}`;
}

/** A count in full, with thousands separated: 4,812. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

export function formatTokens(count: number): string {
  if (count >= 1_000_000) return `${(count / 1_000_000).toFixed(1)}M`;
  if (count >= 1_000) return `${(count / 1_000).toFixed(1)}k`;
  return String(count);
}

export function formatDuration(ms: number): string {
  return ms >= 1_000 ? `${(ms / 1_000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/** A short, readable form of any JSON value, for inputs and results with no card of their own. */
export function formatJson(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
}

export function stringField(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  return typeof value === 'string' ? value : undefined;
}
