import { useEffect, useRef } from 'react';

interface CloseConfirmProps {
  title: string;
  onClose(): void;
  onCancel(): void;
}

/**
 * Asks before a block with running work closes. Cancel has the focus, so a stray Enter keeps the
 * block; Escape cancels; Tab stays between the two buttons.
 */
export function CloseConfirm({ title, onClose, onCancel }: CloseConfirmProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Tab') {
      const buttons = [...event.currentTarget.querySelectorAll('button')];
      const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
      event.preventDefault();
      buttons[(at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length]?.focus();
    }
  };

  return (
    <div className="palette-backdrop" onMouseDown={onCancel}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label={`Close ${title}?`}
        className="palette close-confirm"
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <p>{title} is still running. Closing it ends what it is doing.</p>
        <div className="close-confirm-buttons">
          <button type="button" ref={cancel} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
