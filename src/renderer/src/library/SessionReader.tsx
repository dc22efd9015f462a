import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { failureReason, type HostApi } from '../../../shared/host-api';
import type { SessionSummary } from '../../../shared/library';
import { AgentStore } from '../blocks/agent/model/agent-store';
import { openExternalLink } from '../host/open-external-link';
import { Transcript } from '../blocks/agent/transcript/Transcript';

interface SessionReaderProps {
  api: HostApi;
  session: SessionSummary;
  onResume(session: SessionSummary): void;
  onFork(session: SessionSummary): void;
  onBack(): void;
}

type Loaded =
  { state: 'loading' } | { state: 'failed'; reason: string } | { state: 'ready'; skipped: number };

/**
 * One session, read-only, drawn by the live agent block's own transcript components, with what can
 * be done with it. Resuming a session a running CLI still writes asks first: two processes would
 * write one transcript.
 */
export function SessionReader({ api, session, onResume, onFork, onBack }: SessionReaderProps) {
  const [store] = useState(() => new AgentStore());
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [said, setSaid] = useState<string | null>(null);
  const [confirmLive, setConfirmLive] = useState(false);
  const resume = useRef<HTMLButtonElement>(null);
  const dontResume = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let current = true;
    api.readSession(where(session)).then(
      ({ events, skipped, unknown }) => {
        if (!current) return;
        store.loadHistory(events, session.project);
        setLoaded({ state: 'ready', skipped: skipped + unknown });
      },
      (failure: unknown) =>
        current && setLoaded({ state: 'failed', reason: failureReason(failure) }),
    );
    return () => {
      current = false;
    };
  }, [api, session, store]);
  useEffect(() => resume.current?.focus(), []);
  // The question takes the keyboard, on its safe answer; answered, the keyboard goes back.
  useEffect(() => {
    if (confirmLive) dontResume.current?.focus();
  }, [confirmLive]);

  const copyId = () =>
    navigator.clipboard.writeText(session.sessionId).then(
      () => setSaid(`Copied the session id ${session.sessionId}`),
      () => setSaid(`Could not copy; the session id is ${session.sessionId}`),
    );
  const reveal = () =>
    api.revealSessionFile(where(session)).then(
      ({ path, revealed }) => setSaid(revealed ? `Shown: ${path}` : `The session file is ${path}`),
      (failure: unknown) => setSaid(failureReason(failure)),
    );

  return (
    <div className="library-reader">
      <div className="library-reader-head">
        <h2>{session.title || '(untitled session)'}</h2>
        <div className="library-session-meta">
          {session.host ? `${session.host}: ` : ''}
          {session.project} · {session.sessionId}
          {session.live ? ' · live' : ''}
        </div>
      </div>
      <div role="toolbar" aria-label="Session" className="library-reader-buttons">
        <button
          type="button"
          ref={resume}
          onClick={() => (session.live ? setConfirmLive(true) : onResume(session))}
        >
          Resume
        </button>
        <button type="button" onClick={() => onFork(session)}>
          Fork
        </button>
        <button type="button" onClick={() => void copyId()}>
          Copy session id
        </button>
        <button type="button" onClick={() => void reveal()}>
          Reveal file
        </button>
        <button type="button" onClick={onBack}>
          Back
        </button>
      </div>
      {confirmLive && (
        <div role="alert" className="library-warning">
          A running Claude Code is still writing this session: resuming it here too would have two
          processes write to one session. Fork starts a new session from it instead.{' '}
          <button type="button" onClick={() => onResume(session)}>
            Resume anyway
          </button>{' '}
          <button
            type="button"
            ref={dontResume}
            onClick={() => {
              setConfirmLive(false);
              resume.current?.focus();
            }}
          >
            Don’t resume
          </button>
        </div>
      )}
      {said && (
        <p role="status" className="library-said">
          {said}
        </p>
      )}
      {loaded.state === 'failed' && (
        <p role="alert" className="library-warning">
          This session could not be read: {loaded.reason}
        </p>
      )}
      {loaded.state === 'ready' && loaded.skipped > 0 && (
        <p className="library-said">
          {loaded.skipped} {loaded.skipped === 1 ? 'entry' : 'entries'} of the file could not be
          shown (unreadable, or of a kind this version of Tether does not know).
        </p>
      )}
      <div className="library-transcript">
        {loaded.state === 'loading' ? (
          <p className="library-said">Reading the session…</p>
        ) : (
          <Transcript
            items={snapshot.items}
            onOpenLink={(url) => void openExternalLink(api, url).catch(() => undefined)}
          />
        )}
      </div>
    </div>
  );
}

/** A session as the host finds it: by its id, on its ssh host when it is another machine's. */
function where({ sessionId, host }: SessionSummary) {
  return { sessionId, ...(host ? { host } : {}) };
}
