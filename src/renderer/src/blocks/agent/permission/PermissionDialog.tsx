import { useId, useState, type KeyboardEvent } from 'react';
import type { PermissionDecision } from '../../../../../shared/agent-control';
import { isRecord } from '../../../../../shared/is-record';
import { formatJson } from '../format';
import type { PermissionRequest } from '../model/permission-queue';
import { describeSuggestion } from './permission-rule';
import { PermissionInput } from './PermissionInput';
import { isTyping, NotSent, useAnswerGuard } from './use-answer-guard';

interface PermissionDialogProps {
  request: PermissionRequest;
  /** How many requests wait, this one included. */
  pending: number;
  /** Take the keyboard focus on opening (the block has it). */
  takeFocus: boolean;
  /** Resolves once the host took the answer; rejects when it could not, the prompt still open. */
  onAnswer(decision: PermissionDecision): Promise<void>;
  onOpenLink(url: string): void;
}

function parseEdited(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Asks whether a tool may run: y allows, a always allows (keeping the rule shown), n or Esc
 * denies. Mount one per request (keyed by its id) so that every request gets its own key guard.
 */
export function PermissionDialog({
  request,
  pending,
  takeFocus,
  onAnswer,
  onOpenLink,
}: PermissionDialogProps) {
  const { send, notSent, early, dialogProps } = useAnswerGuard(takeFocus, onAnswer);
  const ids = useId();
  const [reason, setReason] = useState('');
  const [editing, setEditing] = useState(false);
  const [edited, setEdited] = useState(() => formatJson(request.input));
  const [suggestionIndex, setSuggestionIndex] = useState(0);
  const suggestions = request.suggestions ?? [];
  const suggestion = suggestions[suggestionIndex];
  const rule = suggestion && describeSuggestion(suggestion);
  const updatedInput = editing ? parseEdited(edited) : undefined;

  const withInput = <T extends object>(decision: T) =>
    updatedInput ? { ...decision, updatedInput } : decision;
  const allow = () => updatedInput !== null && send(withInput({ behavior: 'allow' as const }));
  const allowAlways = () =>
    suggestion &&
    updatedInput !== null &&
    send(withInput({ behavior: 'allow_always' as const, suggestion }));
  const deny = () =>
    send(reason.trim() ? { behavior: 'deny', message: reason.trim() } : { behavior: 'deny' });

  const onKeyDown = (event: KeyboardEvent) => {
    const guarded = early();
    const key = event.key;
    if (key === 'Escape') {
      event.preventDefault();
      if (!guarded) deny();
      return;
    }
    if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    const action = { y: allow, a: allowAlways, n: deny }[key.toLowerCase()];
    if (!action) return;
    event.preventDefault();
    if (!guarded) action();
  };

  return (
    <div className="agent-permission-backdrop">
      <div
        {...dialogProps}
        role="dialog"
        aria-modal="true"
        aria-label={`Permission request: ${request.tool_name}`}
        aria-describedby={`${ids}-what`}
        className="agent-permission"
        onKeyDown={onKeyDown}
      >
        <div className="agent-permission-title">
          <strong>Allow {request.tool_name}?</strong>
          {pending > 1 && <span className="agent-permission-count">1 of {pending} waiting</span>}
        </div>
        <p id={`${ids}-what`}>
          {request.description ?? `Claude wants to use ${request.tool_name}.`}
        </p>
        {editing ? (
          <label className="agent-permission-edit">
            Input to run with (JSON)
            <textarea value={edited} onChange={(event) => setEdited(event.target.value)} rows={6} />
            {updatedInput === null && <span role="alert">This is not a JSON object.</span>}
          </label>
        ) : (
          <PermissionInput
            toolName={request.tool_name}
            input={request.input}
            onOpenLink={onOpenLink}
          />
        )}
        {request.blocked_path && (
          <div className="agent-permission-path">
            Path that needs permission: <code>{request.blocked_path}</code>
          </div>
        )}
        {rule && (
          <div className="agent-permission-rule" id={`${ids}-rule`}>
            Always allow keeps the rule <code>{rule.rule}</code> in {rule.where}.
            {suggestions.length > 1 && (
              <select
                aria-label="Rule to keep"
                value={suggestionIndex}
                onChange={(event) => setSuggestionIndex(Number(event.target.value))}
              >
                {suggestions.map((candidate, index) => (
                  <option key={index} value={index}>
                    {describeSuggestion(candidate).rule}
                  </option>
                ))}
              </select>
            )}
          </div>
        )}
        <label className="agent-permission-reason">
          Reason for denying (optional, told to Claude)
          <input value={reason} onChange={(event) => setReason(event.target.value)} />
        </label>
        <NotSent reason={notSent} />
        <div className="agent-permission-buttons">
          <button type="button" onClick={allow} aria-keyshortcuts="y">
            Allow
          </button>
          {rule && (
            <button
              type="button"
              onClick={allowAlways}
              aria-keyshortcuts="a"
              aria-describedby={`${ids}-rule`}
            >
              Always allow
            </button>
          )}
          <button type="button" onClick={deny} aria-keyshortcuts="n">
            Deny
          </button>
          <button type="button" className="agent-link-button" onClick={() => setEditing(!editing)}>
            {editing ? 'Show input' : 'Edit input'}
          </button>
        </div>
        <p className="agent-permission-keys">y allow · a always allow · n or Esc deny</p>
      </div>
    </div>
  );
}
