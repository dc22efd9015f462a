import { useEffect, useState } from 'react';

/** Keys typed within this long ask once, for the last of them. */
const SETTLE_MS = 60;

/**
 * The paths offered for the `@` being typed (null: none is). While the path is typed on, the last
 * answer stays until the next comes, so the list does not flicker; the answer to a path this one
 * does not go on from (before a Backspace, another `@`) is not offered. A failed question offers
 * nothing.
 */
export function useFileSuggestions(
  query: string | null,
  suggest: ((query: string) => Promise<string[]>) | undefined,
): string[] {
  const [found, setFound] = useState({ query: '', paths: [] as string[] });
  useEffect(() => {
    if (query === null || !suggest) return;
    let current = true;
    const timer = setTimeout(() => {
      suggest(query).then(
        (paths) => current && setFound({ query, paths }),
        () => current && setFound({ query, paths: [] }),
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, suggest]);
  return query !== null && query.startsWith(found.query) ? found.paths : [];
}
