import { useEffect, useRef } from 'react';
import { ModalDialog } from '../ui/ModalDialog';

interface CloseConfirmProps {
  title: string;
  /** Whether anything runs cannot be told (a remote shell without shell integration). */
  unknown?: boolean;
  onClose(): void;
  onCancel(): void;
}

/** Asks before a block with running work closes. Cancel has the focus, so a stray Enter keeps it. */
export function CloseConfirm({ title, unknown = false, onClose, onCancel }: CloseConfirmProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <ModalDialog label={`Close ${title}?`} className="close-confirm" onCancel={onCancel}>
      <p>
        {unknown
          ? `${title} runs on another machine in a shell without shell integration, so Tether cannot tell whether a program runs in it. Closing it ends whatever does.`
          : `${title} is still running. Closing it ends what it is doing.`}
      </p>
      <div className="close-confirm-buttons">
        <button type="button" ref={cancel} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
