import type { KeyboardEvent, ReactNode } from 'react';

interface ModalDialogProps {
  label: string;
  className?: string;
  onCancel(): void;
  /** false: only Escape and the dialog's own buttons cancel (a stray click must not answer it). */
  cancelOnClickOutside?: boolean;
  children: ReactNode;
}

// What Tab stops at; not a control taken out of the order (a tab list's other tabs).
const focusable = [
  'button:not(:disabled)',
  'input:not(:disabled)',
  'select:not(:disabled)',
  'textarea',
  '[tabindex="0"]',
]
  .map((selector) => `${selector}:not([tabindex="-1"])`)
  .join(', ');

/**
 * A dialog over the workspace: Escape and a click outside cancel, and Tab goes round the
 * dialog's own controls, never out into the blocks behind it.
 */
export function ModalDialog({
  label,
  className,
  onCancel,
  cancelOnClickOutside = true,
  children,
}: ModalDialogProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Tab') {
      const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)];
      const at = controls.indexOf(document.activeElement as HTMLElement);
      event.preventDefault();
      controls[(at + (event.shiftKey ? -1 : 1) + controls.length) % controls.length]?.focus();
    }
  };
  return (
    <div className="palette-backdrop" onMouseDown={cancelOnClickOutside ? onCancel : undefined}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label={label}
        className={className ? `palette ${className}` : 'palette'}
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
}
