const MINUTE = 60_000;

/** A reset time as the CLI sends it: seconds since the epoch (a value that large is already ms). */
export function resetMs(resetsAt: number): number {
  return resetsAt < 1e12 ? resetsAt * 1_000 : resetsAt;
}

/** The reset's time of day, e.g. "14:05". */
export function resetClock(resetsAt: number): string {
  return new Date(resetMs(resetsAt)).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

function until(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours >= 24) {
    const days = Math.floor(hours / 24);
    return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
  }
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/**
 * When a limit resets, as a clock time and how long until then: "14:05 (in 12 min)"; a day or
 * more away, with its date; once passed, the time alone.
 */
export function describeReset(resetsAt: number, now: number): string {
  const at = new Date(resetMs(resetsAt));
  const ahead = at.getTime() - now;
  const clock = resetClock(resetsAt);
  if (ahead <= 0) return clock;
  const when =
    ahead >= 20 * 60 * MINUTE
      ? `${at.toLocaleDateString([], { month: 'short', day: 'numeric' })} ${clock}`
      : clock;
  return `${when} (in ${until(ahead)})`;
}
