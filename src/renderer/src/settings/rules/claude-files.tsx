import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClaudeSettingsFile, RuleSource } from '../../../../shared/contract/claude-rules';
import { failureReason } from '../../../../shared/host-api';
import './claude-pages.css';

/** How a page names where a rule or hook comes from. */
export const sourceLabels: Record<RuleSource, string> = {
  user: 'User (~/.claude/settings.json)',
  project: 'Project (.claude/settings.json)',
  local: 'Local (.claude/settings.local.json)',
  managed: 'Managed (read-only)',
  session: 'This session only',
};

/**
 * What a page shows from the host, loaded when the page opens and again after each change it
 * makes (`act`), with what came of the last change: `status` what it did, `failure` the host's
 * one sentence why it did not. `error` says why the page could not load (a remote block, say).
 */
export function useClaudePage<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = useRef(true);
  const reload = useCallback(async () => {
    try {
      const loaded = await load();
      if (!shown.current) return;
      setData(loaded);
      setError(null);
    } catch (problem) {
      if (shown.current) setError(failureReason(problem));
    }
  }, [load]);
  useEffect(() => {
    shown.current = true;
    void reload();
    return () => {
      shown.current = false;
    };
  }, [reload]);
  /** Runs one change; resolves to whether it was made. `action` resolves to what to say. */
  const act = useCallback(
    async (action: () => Promise<string | null>) => {
      setStatus(null);
      setFailure(null);
      try {
        const done = await action();
        if (shown.current) setStatus(done);
        await reload();
        return true;
      } catch (problem) {
        if (shown.current) setFailure(failureReason(problem));
        return false;
      }
    },
    [reload],
  );
  return { data, error, status, failure, act };
}

/** A page still loading, or the one sentence why it could not. */
export function NotLoaded({ error, loading }: { error: string | null; loading: string }) {
  return error ? (
    <p role="alert" className="claude-page-error">
      {error}
    </p>
  ) : (
    <p role="status">{loading}</p>
  );
}

/** What came of a page's last change. */
export function Outcome({ status, failure }: { status: string | null; failure: string | null }) {
  return (
    <>
      {status && <p role="status">{status}</p>}
      {failure && (
        <p role="alert" className="claude-page-error">
          {failure}
        </p>
      )}
    </>
  );
}

/** The settings files that could not be read, each with why; they were left untouched. */
export function FileProblems({ files }: { files: readonly ClaudeSettingsFile[] }) {
  const problems = files.filter((file) => file.problem);
  if (problems.length === 0) return null;
  return (
    <ul role="alert" className="claude-page-problems">
      {problems.map((file) => (
        <li key={file.path}>{file.problem}</li>
      ))}
    </ul>
  );
}

/** "Open in editor" for one of the files a page lists; a failure is said where the page says. */
export function OpenInEditor({
  open,
  path,
}: {
  open(path: string): Promise<unknown>;
  path: string;
}) {
  return (
    <button type="button" title={path} onClick={() => void open(path)}>
      Open in editor
    </button>
  );
}
