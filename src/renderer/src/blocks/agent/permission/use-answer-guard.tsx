import { useEffect, useRef, useState, type FocusEvent } from 'react';
import type { RequestAnswer } from '../../../../../shared/agent-control';
import { errorMessage } from '../../../../../shared/error-message';

/** Keys typed this soon after the dialog opened, or got the focus, were meant for something else. */
export const KEY_GUARD_MS = 400;

/** Whether a key lands in a field (typed text), not a one-key answer. */
export function isTyping(target: EventTarget): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * What every dialog the CLI waits on shares: it takes the focus when the block has it, ignores
 * keys for a moment after it opened or got the focus (they were meant for elsewhere), and sends
 * one answer at a time; a refused answer leaves the dialog open, saying why.
 */
export function useAnswerGuard<Answer extends RequestAnswer>(
  takeFocus: boolean,
  onAnswer: (answer: Answer) => Promise<void>,
) {
  const dialog = useRef<HTMLDivElement>(null);
  const openedAt = useRef(0);
  const sending = useRef(false);
  const [notSent, setNotSent] = useState<string | null>(null);
  // Shown while keys are ignored, so that a key that did nothing has a visible reason.
  const [arming, setArming] = useState(true);
  const armTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const arm = () => {
    openedAt.current = performance.now();
    setArming(true);
    clearTimeout(armTimer.current);
    armTimer.current = setTimeout(() => setArming(false), KEY_GUARD_MS);
  };
  useEffect(() => () => clearTimeout(armTimer.current), []);

  useEffect(() => {
    arm();
    if (takeFocus) dialog.current?.focus();
    // Once per request (the dialog is keyed by it): a later change of focus must not pull the
    // focus back here. The workspace notifies the desktop, from the block's `Needs you`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const send = (answer: Answer) => {
    if (sending.current) return;
    sending.current = true;
    setNotSent(null);
    onAnswer(answer).then(
      () => {
        sending.current = false;
      },
      (error: unknown) => {
        sending.current = false;
        setNotSent(errorMessage(error));
      },
    );
  };

  return {
    send,
    notSent,
    /** For the dialog to show that keys are not taken yet (see `Arming`). */
    arming,
    /** True while keys are still guarded. */
    early: () => performance.now() - openedAt.current < KEY_GUARD_MS,
    dialogProps: {
      ref: dialog,
      tabIndex: -1,
      onFocus: (event: FocusEvent<HTMLDivElement>) => {
        // Focus arriving from elsewhere (another block, a shortcut) brings keys typed for there.
        if (!event.currentTarget.contains(event.relatedTarget)) arm();
      },
    },
  };
}

/** The line under a dialog when the host could not take the answer. */
export function NotSent({ reason }: { reason: string | null }) {
  return reason ? (
    <p className="agent-permission-error" role="alert">
      The answer was not sent: {reason}
    </p>
  ) : null;
}

/** A short bar over the buttons while keys are not taken yet: why a key did nothing. */
export function Arming({ arming }: { arming: boolean }) {
  return arming ? (
    <div className="agent-arming" role="progressbar" aria-label="Getting ready for keys" />
  ) : null;
}
