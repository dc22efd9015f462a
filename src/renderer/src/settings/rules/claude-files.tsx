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
 * What a page shows from the host: loaded when the page opens and again after each change it
 * makes; `error` is the host's one sentence when it could not (a remote block, say).
 */
export function useLoaded<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = useRef(true);
  const reload = useCallback(async () => {
    try {
      const loaded = await load();
      if (!shown.current) return;
      setData(loaded);
      setError(null);
    } catch (failure) {
      if (shown.current) setError(failureReason(failure));
    }
  }, [load]);
  useEffect(() => {
    shown.current = true;
    void reload();
    return () => {
      shown.current = false;
    };
  }, [reload]);
  return { data, error, reload };
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
