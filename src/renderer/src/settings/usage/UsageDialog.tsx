import type { ReactNode } from 'react';
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
  return (
    <ModalDialog label={label} className="usage-dialog" onCancel={onClose}>
      <header className="usage-dialog-header">
        <h2>{label}</h2>
        <button type="button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="usage-dialog-body" tabIndex={0}>
        {children}
      </div>
    </ModalDialog>
  );
}
