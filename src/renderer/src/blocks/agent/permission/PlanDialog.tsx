import { useState, type KeyboardEvent } from 'react';
import type { PermissionDecision } from '../../../../../shared/agent-control';
import { Markdown } from '../markdown/Markdown';
import type { PermissionRequest } from '../model/permission-queue';
import { Arming, NotSent, useAnswerGuard } from './use-answer-guard';
import { RequestFrame } from './RequestFrame';

interface PlanDialogProps {
  request: PermissionRequest;
  plan: string;
  takeFocus: boolean;
  onAnswer(decision: PermissionDecision): Promise<void>;
  onOpenLink(url: string): void;
}

/** What "Approve and accept edits" asks of the CLI: leave plan mode for acceptEdits. */
export const ACCEPT_EDITS = { type: 'setMode', mode: 'acceptEdits', destination: 'session' };

/**
 * "Plan ready": the plan Claude wrote in plan mode (`ExitPlanMode`), with what the CLI's own UI
 * offers: approve it (staying in the mode the session had before), approve and let file edits run
 * without asking, or keep planning with feedback (told to Claude as the reason).
 */
export function PlanDialog({ request, plan, takeFocus, onAnswer, onOpenLink }: PlanDialogProps) {
  const { send, notSent, early, arming, dialogProps } = useAnswerGuard(takeFocus, onAnswer);
  const [feedback, setFeedback] = useState('');
  const keepPlanning = () =>
    send({
      behavior: 'deny',
      message: feedback.trim() || 'The user wants to keep planning before any change is made.',
    });
  const filePath = request.input['planFilePath'];

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (!early()) keepPlanning();
  };

  return (
    <RequestFrame
      guard={dialogProps}
      label="Plan ready"
      className="agent-permission agent-plan"
      onKeyDown={onKeyDown}
    >
      <div className="agent-permission-title">
        <strong>Plan ready</strong>
        {typeof filePath === 'string' && <code className="agent-plan-file">{filePath}</code>}
      </div>
      <div className="agent-plan-text">
        <Markdown text={plan} onOpenLink={onOpenLink} />
      </div>
      <label className="agent-permission-reason">
        Feedback for Claude (with Keep planning)
        <textarea value={feedback} rows={2} onChange={(event) => setFeedback(event.target.value)} />
      </label>
      <NotSent reason={notSent} />
      <Arming arming={arming} />
      <div className="agent-permission-buttons">
        <button type="button" onClick={() => send({ behavior: 'allow' })}>
          Approve
        </button>
        <button
          type="button"
          onClick={() => send({ behavior: 'allow_always', suggestion: ACCEPT_EDITS })}
        >
          Approve and accept edits
        </button>
        <button type="button" onClick={keepPlanning}>
          Keep planning
        </button>
      </div>
      <p className="agent-permission-keys">
        Approve and accept edits lets Claude edit files without asking · Esc keeps planning
      </p>
    </RequestFrame>
  );
}
