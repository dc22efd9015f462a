import { useCallback } from 'react';
import type { ClaudeHook } from '../../../../shared/contract/claude-rules';
import type { ClaudeSettingsScope } from '../ClaudeSettings';
import {
  FileProblems,
  NotLoaded,
  OpenInEditor,
  Outcome,
  sourceLabels,
  useClaudePage,
} from '../rules/claude-files';

/**
 * "Hooks": the commands Claude Code runs on its events, per event and matcher, each with the
 * file it is in and "Open in editor" for it; "Disable all hooks" turns every one off.
 */
export function HooksPage({ api, agentId }: ClaudeSettingsScope) {
  const load = useCallback(() => api.claudeHooks({ agentId }), [api, agentId]);
  const { data, error, status, failure, act } = useClaudePage(load);
  const open = (path: string) =>
    act(async () => {
      await api.openClaudeFile({ agentId, path });
      return null;
    });

  if (!data) return <NotLoaded error={error} loading="Reading the settings files…" />;
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
            void act(async () => {
              await api.setClaudeHooksDisabled({ agentId, disabled: event.target.checked });
              return null;
            })
          }
        />{' '}
        Disable all hooks
        {data.disabled && (
          <span className="claude-page-source"> ({sourceLabels[data.disabled.source]})</span>
        )}
      </label>
      <Outcome status={status} failure={failure} />
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
