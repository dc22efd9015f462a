import { useEffect, useState } from 'react';
import { failureReason, type HostApi } from '../../../shared/host-api';
import type { RequestResult } from '../../../shared/contract/host';
import type { LibraryFilter, LibraryProgress } from '../../../shared/library';

export type Listing = RequestResult<'listSessions'>;
export type SearchHit = RequestResult<'searchSessions'>['hits'][number];

/** How long typing may pause before the search runs. */
const SEARCH_DELAY_MS = 150;
/** Changes come in bursts while a session is written: the list asks again once they settle. */
const CHANGE_DELAY_MS = 300;

export interface LibraryState {
  listing: Listing | null;
  /** Search results for the current words; null without words. */
  hits: SearchHit[] | null;
  progress: LibraryProgress | null;
  error: string | null;
}

/** The library as the dialog shows it: the listing or the search, kept current as sessions change. */
export function useLibrary(api: HostApi, query: string, filter: LibraryFilter): LibraryState {
  const [listing, setListing] = useState<Listing | null>(null);
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [progress, setProgress] = useState<LibraryProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offChanged = api.onEvent('libraryChanged', () => {
      clearTimeout(timer);
      timer = setTimeout(() => setChanges((n) => n + 1), CHANGE_DELAY_MS);
    });
    const offProgress = api.onEvent('libraryProgress', (next) =>
      setProgress(next.done ? null : next),
    );
    return () => {
      clearTimeout(timer);
      offChanged();
      offProgress();
    };
  }, [api]);

  const filterKey = JSON.stringify(filter);
  useEffect(() => {
    let current = true;
    api.listSessions(JSON.parse(filterKey) as LibraryFilter).then(
      (next) => {
        if (!current) return;
        setListing(next);
        setProgress(next.progress);
        setError(null);
      },
      (failure: unknown) => current && setError(failureReason(failure)),
    );
    return () => {
      current = false;
    };
  }, [api, filterKey, changes]);

  const words = query.trim();
  useEffect(() => {
    if (!words) return setHits(null);
    let current = true;
    const timer = setTimeout(() => {
      api.searchSessions({ query: words, ...(JSON.parse(filterKey) as LibraryFilter) }).then(
        (found) => current && setHits(found.hits),
        (failure: unknown) => current && setError(failureReason(failure)),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, words, filterKey, changes]);

  return { listing, hits, progress, error };
}
