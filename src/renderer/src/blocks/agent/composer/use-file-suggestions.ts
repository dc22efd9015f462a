import { useEffect, useState } from 'react';

/** Keys typed within this long ask once, for the last of them. */
const SETTLE_MS = 60;

/**
 * The paths offered for the `@` being typed (null: none is). The last answer stays while the next
 * is on its way, so the list does not flicker; a failed question offers nothing.
 */
export function useFileSuggestions(
  query: string | null,
  suggest: ((query: string) => Promise<string[]>) | undefined,
): string[] {
  const [found, setFound] = useState<string[]>([]);
  useEffect(() => {
    if (query === null || !suggest) return;
    let current = true;
    const timer = setTimeout(() => {
      suggest(query).then(
        (paths) => current && setFound(paths),
        () => current && setFound([]),
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, suggest]);
  return query === null ? [] : found;
}
