import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PermissionDecision } from '../../../../../shared/agent-control';
import { isRecord } from '../../../../../shared/is-record';
import { formatJson } from '../model/format';
import type { PermissionRequest } from '../model/permission-queue';
import { modeSwitchEffect } from './mode-effects';
import { describeSuggestion } from './permission-rule';
import { PermissionInput } from './PermissionInput';
import { Arming, isTyping, NotSent, useAnswerGuard } from './use-answer-guard';
import { RequestFrame } from './RequestFrame';

interface PermissionDialogProps {
  request: PermissionRequest;
  /** How many requests wait, this one included. */
  pending: number;
  /** Take the keyboard focus on opening (the block has it). */
  takeFocus: boolean;
  /** Resolves once the host took the answer; rejects when it could not, the prompt still open. */
  onAnswer(decision: PermissionDecision): Promise<void>;
  onOpenLink(url: string): void;
  /** Which subagent or background agent asks, in words; absent for the main conversation. */
  asker?: string | null;
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
 * The CLI's wording (`title`, `description`) and advice (`default_to_no`: Deny focused and no
 * one-key approval; `suppress_always_allow_rule`: no "Always allow") win over Tether's defaults.
 */
export function PermissionDialog({
  request,
  pending,
  takeFocus,
  onAnswer,
  onOpenLink,
  asker,
}: PermissionDialogProps) {
  const { send, notSent, early, arming, dialogProps } = useAnswerGuard(takeFocus, onAnswer);
  const ids = useId();
  const [reason, setReason] = useState('');
  const [editing, setEditing] = useState(false);
  const [edited, setEdited] = useState(() => formatJson(request.input));
  const [suggestionIndex, setSuggestionIndex] = useState(0);
  const suggestions = request.suggestions ?? [];
  const suggestion = suggestions[suggestionIndex];
  const rule = !request.suppress_always_allow_rule && suggestion && describeSuggestion(suggestion);
  const modeEffect = rule ? modeSwitchEffect(suggestion) : null;
  const careful = request.default_to_no === true;
  const toolName = request.display_name ?? request.tool_name;
  const denyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Declared after the guard's own focus effect, so this one runs last and wins.
    if (careful && takeFocus) denyButton.current?.focus();
    // Once per request, as the guard's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const updatedInput = editing ? parseEdited(edited) : undefined;

  const withInput = <T extends object>(decision: T) =>
    updatedInput ? { ...decision, updatedInput } : decision;
  const allow = () => updatedInput !== null && send(withInput({ behavior: 'allow' as const }));
  const allowAlways = () =>
    rule &&
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
    const keys = careful ? { n: deny } : { y: allow, a: allowAlways, n: deny };
    const action = (keys as Record<string, (() => unknown) | undefined>)[key.toLowerCase()];
    if (!action) return;
    event.preventDefault();
    if (!guarded) action();
  };

  return (
    <RequestFrame
      guard={dialogProps}
      label={`Permission request: ${request.tool_name}`}
      className="agent-permission"
      describedBy={`${ids}-what`}
      onKeyDown={onKeyDown}
    >
      <div className="agent-permission-title">
        <strong>{request.title ?? `Allow ${toolName}?`}</strong>
        {pending > 1 && <span className="agent-permission-count">1 of {pending} waiting</span>}
      </div>
      <p id={`${ids}-what`}>
        {asker && <span className="agent-permission-asker">Asked by {asker}. </span>}
        {request.description ?? `Claude wants to use ${toolName}.`}
      </p>
      {request.decision_reason && (
        <p className="agent-permission-reason-why">Why it asks: {request.decision_reason}</p>
      )}
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
          {modeEffect && <span className="agent-permission-mode-effect"> {modeEffect}</span>}
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
        <input
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onKeyDown={(event) => {
            // Typing a reason, then Enter: deny with it.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (!early()) deny();
          }}
        />
      </label>
      <NotSent reason={notSent} />
      <Arming arming={arming} />
      <div className="agent-permission-buttons">
        <button type="button" onClick={allow} aria-keyshortcuts={careful ? undefined : 'y'}>
          Allow
        </button>
        {rule && (
          <button
            type="button"
            onClick={allowAlways}
            aria-keyshortcuts={careful ? undefined : 'a'}
            aria-describedby={`${ids}-rule`}
          >
            Always allow
          </button>
        )}
        <button type="button" onClick={deny} aria-keyshortcuts="n" ref={denyButton}>
          Deny
        </button>
        <button type="button" className="agent-link-button" onClick={() => setEditing(!editing)}>
          {editing ? 'Show input' : 'Edit input'}
        </button>
      </div>
      <p className="agent-permission-keys">
        {careful
          ? 'Claude Code advises against this: no single key allows it · n or Esc deny'
          : rule
            ? 'y allow · a always allow · n or Esc deny'
            : 'y allow · n or Esc deny'}
      </p>
    </RequestFrame>
  );
}
