import { useCallback, useState, type FormEvent } from 'react';
import { failureReason } from '../../../../shared/host-api';
import type { ClaudeSettingsScope } from '../ClaudeSettings';
import { OpenInEditor, useLoaded } from '../rules/claude-files';

/**
 * "Memory": the CLAUDE.md files and the files they import, in the order Claude Code loads them,
 * each with "Open in editor"; "Add to memory" appends a line to the file chosen.
 */
export function MemoryPage({ api, agentId }: ClaudeSettingsScope) {
  const load = useCallback(() => api.claudeMemory({ agentId }), [api, agentId]);
  const { data, error, reload } = useLoaded(load);
  const [line, setLine] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const act = async (action: () => Promise<unknown>, done?: string) => {
    setFailure(null);
    setStatus(null);
    try {
      await action();
      if (done) setStatus(done);
      await reload();
      return true;
    } catch (problem) {
      setFailure(failureReason(problem));
      return false;
    }
  };
  const open = (path: string) => act(() => api.openClaudeFile({ agentId, path }));

  if (error)
    return (
      <p role="alert" className="claude-page-error">
        {error}
      </p>
    );
  if (!data) return <p role="status">Reading the memory files…</p>;
  const path = target ?? data.targets.at(-1)?.path ?? '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (line.trim() === '' || !path) return;
    if (
      await act(
        () => api.addClaudeMemory({ agentId, path, line: line.trim() }),
        `Added to ${path}.`,
      )
    )
      setLine('');
  };

  return (
    <div className="claude-page">
      <section aria-label="Memory files">
        <h3>Loaded, in this order</h3>
        {data.files.length === 0 ? (
          <p>No CLAUDE.md files are in effect.</p>
        ) : (
          <ol aria-label="Memory files">
            {data.files.map((file) => (
              <li
                key={file.path}
                aria-label={file.path}
                className={`claude-page-row${file.importedBy ? ' claude-page-imported' : ''}`}
              >
                <code>{file.path}</code>
                <span className="claude-page-source">
                  {file.kind}
                  {file.importedBy ? `, imported by ${file.importedBy}` : ''}
                </span>
                <OpenInEditor open={open} path={file.path} />
              </li>
            ))}
          </ol>
        )}
      </section>
      <form
        aria-label="Add to memory"
        className="claude-page-form"
        onSubmit={(event) => void submit(event)}
      >
        <select aria-label="File" value={path} onChange={(event) => setTarget(event.target.value)}>
          {data.targets.map((option) => (
            <option key={option.path} value={option.path}>
              {option.label}
            </option>
          ))}
        </select>
        <input
          type="text"
          aria-label="Memory"
          placeholder="A line Claude should always know"
          value={line}
          onChange={(event) => setLine(event.target.value)}
        />
        <button type="submit" aria-disabled={line.trim() === ''}>
          Add to memory
        </button>
      </form>
      {status && <p role="status">{status}</p>}
      {failure && (
        <p role="alert" className="claude-page-error">
          {failure}
        </p>
      )}
    </div>
  );
}
