import { useCallback, useState } from 'react';
import type { ClaudeHook } from '../../../../shared/contract/claude-rules';
import { failureReason } from '../../../../shared/host-api';
import type { ClaudeSettingsScope } from '../ClaudeSettings';
import { FileProblems, OpenInEditor, sourceLabels, useLoaded } from '../rules/claude-files';

/**
 * "Hooks": the commands Claude Code runs on its events, per event and matcher, each with the
 * file it is in and "Open in editor" for it; "Disable all hooks" turns every one off.
 */
export function HooksPage({ api, agentId }: ClaudeSettingsScope) {
  const load = useCallback(() => api.claudeHooks({ agentId }), [api, agentId]);
  const { data, error, reload } = useLoaded(load);
  const [failure, setFailure] = useState<string | null>(null);

  const act = async (action: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await action();
      await reload();
    } catch (problem) {
      setFailure(failureReason(problem));
    }
  };
  const open = (path: string) => act(() => api.openClaudeFile({ agentId, path }));

  if (error)
    return (
      <p role="alert" className="claude-page-error">
        {error}
      </p>
    );
  if (!data) return <p role="status">Reading the settings files…</p>;
  const disabled = data.disabled?.value === true;
  const byEvent = new Map<string, ClaudeHook[]>();
  for (const hook of data.hooks)
    byEvent.set(hook.event, [...(byEvent.get(hook.event) ?? []), hook]);

  return (
    <div className="claude-page">
      <FileProblems files={data.files} />
      <label>
        <input
          type="checkbox"
          checked={disabled}
          disabled={data.disabled?.source === 'managed'}
          onChange={(event) =>
            void act(() => api.setClaudeHooksDisabled({ agentId, disabled: event.target.checked }))
          }
        />{' '}
        Disable all hooks
        {data.disabled && (
          <span className="claude-page-source"> ({sourceLabels[data.disabled.source]})</span>
        )}
      </label>
      {failure && (
        <p role="alert" className="claude-page-error">
          {failure}
        </p>
      )}
      {byEvent.size === 0 && <p>No hooks are configured.</p>}
      {[...byEvent].map(([event, hooks]) => (
        <section key={event} aria-label={event}>
          <h3>{event}</h3>
          <ul>
            {hooks.map((hook, index) => (
              <li
                key={index}
                className="claude-page-row"
                aria-label={`${event} ${hook.matcher || 'every match'}: ${hook.command}`}
              >
                <span>{hook.matcher || '(every match)'}</span>
                <code>{hook.command}</code>
                <span className="claude-page-source">{sourceLabels[hook.source]}</span>
                <OpenInEditor open={open} path={hook.path} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
