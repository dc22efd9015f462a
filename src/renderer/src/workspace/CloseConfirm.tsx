import { useEffect, useRef } from 'react';
import { ModalDialog } from '../ui/ModalDialog';

interface CloseConfirmProps {
  title: string;
  onClose(): void;
  onCancel(): void;
}

/** Asks before a block with running work closes. Cancel has the focus, so a stray Enter keeps it. */
export function CloseConfirm({ title, onClose, onCancel }: CloseConfirmProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <ModalDialog label={`Close ${title}?`} className="close-confirm" onCancel={onCancel}>
      <p>{title} is still running. Closing it ends what it is doing.</p>
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
