import { useCallback, useState, type FormEvent } from 'react';
import type { ClaudeSettingsScope } from '../ClaudeSettings';
import { NotLoaded, OpenInEditor, Outcome, useClaudePage } from '../rules/claude-files';

/**
 * "Memory": the CLAUDE.md files and the files they import, in the order Claude Code loads them,
 * each with "Open in editor"; "Add to memory" appends a line to the file chosen.
 */
export function MemoryPage({ api, agentId }: ClaudeSettingsScope) {
  const load = useCallback(() => api.claudeMemory({ agentId }), [api, agentId]);
  const { data, error, status, failure, act } = useClaudePage(load);
  const [line, setLine] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const open = (path: string) =>
    act(async () => {
      await api.openClaudeFile({ agentId, path });
      return null;
    });

  if (!data) return <NotLoaded error={error} loading="Reading the memory files…" />;
  const path = target ?? data.targets.at(-1)?.path ?? '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (line.trim() === '' || !path) return;
    const added = await act(async () => {
      await api.addClaudeMemory({ agentId, path, line: line.trim() });
      return `Added to ${path}.`;
    });
    if (added) setLine('');
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
      <Outcome status={status} failure={failure} />
    </div>
  );
}
