import { useEffect, useRef, type ReactNode } from 'react';
import { DialogHeader } from '../../ui/DialogHeader';
import { ModalDialog } from '../../ui/ModalDialog';
import './usage.css';

/** The frame both usage dialogs share: a title the dialog is named by, and a close button. */
export function UsageDialog({
  label,
  onClose,
  children,
}: {
  label: string;
  onClose(): void;
  children: ReactNode;
}) {
  // The keyboard comes into the dialog (Escape, Tab, the arrows to scroll its tables).
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => body.current?.focus(), []);
  return (
    <ModalDialog label={label} className="usage-dialog" onCancel={onClose}>
      <DialogHeader label={label} onClose={onClose} />
      <div className="usage-dialog-body" tabIndex={0} ref={body}>
        {children}
      </div>
    </ModalDialog>
  );
}
