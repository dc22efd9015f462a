import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { HostApi } from '../../../shared/host-api';
import {
  TETHER_ENTRYPOINT,
  type LibraryFilter,
  type SessionSummary,
} from '../../../shared/library';
import { ModalDialog } from '../ui/ModalDialog';
import {
  DATE_RANGES,
  groupedRows,
  hitRows,
  sinceOf,
  type DateRange,
  type LibraryRow,
} from './library-rows';
import { LibraryStatus } from './LibraryStatus';
import { optionId, SessionList } from './SessionList';
import { SessionReader } from './SessionReader';
import { useLibrary } from './use-library';
import './library.css';

interface SessionLibraryProps {
  api: HostApi;
  onClose(): void;
  /** A new agent block for the session: resumed, or forked into a new session. */
  onResume(session: SessionSummary, fork: boolean): void;
  /**
   * The sessions of Tether's agent blocks (open, or closed and still reopenable), by id, with the
   * block's title where it has one. The CLI records them all as headless runs.
   */
  ownSessions?: ReadonlyMap<string, string | undefined>;
}

/** A session as Tether knows it when one of its blocks ran it: Tether's, by its block's title. */
function asOwn(
  session: SessionSummary,
  own: ReadonlyMap<string, string | undefined> | undefined,
): SessionSummary {
  if (!own?.has(session.sessionId) || session.host) return session;
  return {
    ...session,
    title: own.get(session.sessionId) || session.title,
    entrypoint: TETHER_ENTRYPOINT,
  };
}

/**
 * "Session library": every Claude Code session on the machine (or on a host Tether connected to,
 * chosen in "Host"), newest first by folder, with full-text search. Typing searches; the arrows choose a session and Enter reads it; Escape goes
 * back from a session to the list, and from the list out.
 */
export function SessionLibrary({ api, onClose, onResume, ownSessions }: SessionLibraryProps) {
  const [query, setQuery] = useState('');
  const [project, setProject] = useState('');
  const [range, setRange] = useState<DateRange>('any');
  /** The ssh host whose sessions are shown; '' for this computer's. */
  const [host, setHost] = useState('');
  const [reading, setReading] = useState<SessionSummary | null>(null);
  const filter = useMemo((): LibraryFilter => {
    const since = sinceOf(range, new Date());
    return {
      ...(host ? { host } : {}),
      ...(project ? { project } : {}),
      ...(since !== undefined ? { since } : {}),
    };
  }, [host, project, range]);
  const library = useLibrary(api, query, filter);
  const searching = library.hits !== null;
  const rows = useMemo(
    (): LibraryRow[] =>
      library.hits
        ? hitRows(library.hits.map((hit) => ({ ...hit, session: asOwn(hit.session, ownSessions) })))
        : groupedRows((library.listing?.sessions ?? []).map((one) => asOwn(one, ownSessions))),
    [library.hits, library.listing, ownSessions],
  );
  const sessionIndexes = useMemo(
    () => rows.flatMap((row, index) => (row.kind === 'session' ? [index] : [])),
    [rows],
  );
  const [activeAt, setActiveAt] = useState(0);
  const active = sessionIndexes[Math.min(activeAt, sessionIndexes.length - 1)] ?? -1;
  useEffect(() => setActiveAt(0), [rows]);
  const listId = useId();
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!reading) search.current?.focus();
  }, [reading]);

  const open = (index: number) => {
    const row = rows[index];
    if (row?.kind === 'session') setReading(row.session);
  };
  const onSearchKey = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      const at = sessionIndexes.indexOf(active);
      setActiveAt(Math.max(0, Math.min(sessionIndexes.length - 1, at + move)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(active);
    }
  };

  return (
    <ModalDialog
      label="Session library"
      className="library"
      onCancel={reading ? () => setReading(null) : onClose}
    >
      {reading ? (
        <SessionReader
          api={api}
          session={reading}
          onBack={() => setReading(null)}
          onResume={(session) => onResume(session, false)}
          onFork={(session) => onResume(session, true)}
        />
      ) : (
        <>
          <div className="library-controls">
            <input
              ref={search}
              type="search"
              aria-label="Search sessions"
              aria-controls={listId}
              aria-activedescendant={active >= 0 ? optionId(listId, active) : undefined}
              placeholder="Search prompts, replies and tool output"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onSearchKey}
            />
            {(host || (library.listing?.hosts?.length ?? 0) > 0) && (
              <select
                aria-label="Host"
                value={host}
                onChange={(event) => {
                  // Another machine's folders are not this one's.
                  setProject('');
                  setHost(event.target.value);
                }}
              >
                <option value="">This computer</option>
                {library.listing?.hosts?.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            )}
            <select
              aria-label="Project"
              value={project}
              onChange={(event) => setProject(event.target.value)}
            >
              <option value="">All projects</option>
              {library.listing?.projects.map(({ project: folder, sessions }) => (
                <option key={folder} value={folder}>
                  {folder} ({sessions})
                </option>
              ))}
            </select>
            <select
              aria-label="Date"
              value={range}
              onChange={(event) => setRange(event.target.value as DateRange)}
            >
              {DATE_RANGES.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <button type="button" onClick={() => void api.rescanLibrary({})}>
              Rescan
            </button>
          </div>
          <LibraryStatus
            library={library}
            host={host}
            shown={sessionIndexes.length}
            query={searching ? query.trim() : ''}
          />
          <SessionList
            id={listId}
            rows={rows}
            active={active}
            onActive={(index) => setActiveAt(sessionIndexes.indexOf(index))}
            onOpen={setReading}
            showProject={searching}
          />
        </>
      )}
    </ModalDialog>
  );
}
