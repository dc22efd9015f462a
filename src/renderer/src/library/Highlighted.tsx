import type { Snippet } from '../../../shared/library';

/** A snippet with its matches marked. Model output is text here, never markup. */
export function Highlighted({ snippet }: { snippet: Snippet }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of [...snippet.ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start) continue;
    parts.push(snippet.text.slice(at, start));
    parts.push(<mark key={start}>{snippet.text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(snippet.text.slice(at));
  return <>{parts}</>;
}
