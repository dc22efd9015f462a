import { useId, useState, type FormEvent } from 'react';
import { MCP_WRITABLE_SCOPES } from '../../../../shared/contract/claude-mcp';
import { failureReason, type HostApi } from '../../../../shared/host-api';
import { emptyServerForm, serverFromForm, type ServerForm } from './server-form';

const SCOPE_WORDS: Record<(typeof MCP_WRITABLE_SCOPES)[number], string> = {
  local: 'local (you, this folder: ~/.claude.json)',
  project: 'project (shared: .mcp.json in the folder)',
  user: 'user (you, every folder: ~/.claude.json)',
};

interface AddServerFormProps {
  api: HostApi;
  agentId: string | null;
  /** The server was written (`said`: how it went, for the status line). */
  onDone(said: string): void;
  onCancel(): void;
}

/** "Add server": a stdio command with its arguments, or an HTTP or SSE URL; and its scope. */
export function AddServerForm({ api, agentId, onDone, onCancel }: AddServerFormProps) {
  const [form, setForm] = useState<ServerForm>({
    ...emptyServerForm,
    // Without a block there is no folder: only the user's own file.
    scope: agentId ? emptyServerForm.scope : 'user',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const set = (key: keyof ServerForm) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const server = serverFromForm(form);
    if ('problem' in server) {
      setProblem(server.problem);
      return;
    }
    setProblem(null);
    setSaving(true);
    api.addMcpServer({ agentId, ...server }).then(
      ({ error }) =>
        onDone(
          error
            ? `${server.name} added to the ${server.scope} scope, but it could not start: ${error}`
            : `${server.name} added to the ${server.scope} scope.`,
        ),
      (failure: unknown) => {
        setSaving(false);
        setProblem(failureReason(failure));
      },
    );
  };

  // Each label beside its control, not around it: a select's options would join its name.
  const field = (key: keyof ServerForm, label: string, multiline = false, hint = '') => (
    <div className="mcp-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {multiline ? (
        <textarea
          id={`${id}-${key}`}
          value={form[key]}
          rows={3}
          placeholder={hint}
          onChange={(event) => set(key)(event.target.value)}
        />
      ) : (
        <input
          id={`${id}-${key}`}
          value={form[key]}
          placeholder={hint}
          // The form opens for typing its first field.
          autoFocus={key === 'name'}
          onChange={(event) => set(key)(event.target.value)}
        />
      )}
    </div>
  );

  return (
    <form aria-label="Add server" className="mcp-add" onSubmit={submit}>
      {field('name', 'Name', false, 'letters, digits, _ and -')}
      <div className="mcp-field">
        <label htmlFor={`${id}-kind`}>Type</label>
        <select
          id={`${id}-kind`}
          value={form.kind}
          onChange={(event) => set('kind')(event.target.value)}
        >
          <option value="stdio">stdio command</option>
          <option value="http">HTTP URL</option>
          <option value="sse">SSE URL</option>
        </select>
      </div>
      {form.kind === 'stdio' ? (
        <>
          {field('command', 'Command', false, 'npx')}
          {field('args', 'Arguments', true, 'one a line')}
          {field('env', 'Environment', true, 'NAME=value, one a line')}
        </>
      ) : (
        <>
          {field('url', 'URL', false, 'https://…')}
          {field('headers', 'Headers', true, 'Name: value, one a line')}
        </>
      )}
      <div className="mcp-field">
        <label htmlFor={`${id}-scope`}>Scope</label>
        <select
          id={`${id}-scope`}
          value={form.scope}
          onChange={(event) => set('scope')(event.target.value)}
        >
          {MCP_WRITABLE_SCOPES.filter((scope) => agentId || scope === 'user').map((scope) => (
            <option key={scope} value={scope}>
              {SCOPE_WORDS[scope]}
            </option>
          ))}
        </select>
      </div>
      {problem && <p role="alert">{problem}</p>}
      <div className="mcp-actions">
        <button type="submit" aria-disabled={saving}>
          Add
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
