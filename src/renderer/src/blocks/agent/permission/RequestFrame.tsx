import type { KeyboardEvent, ReactNode } from 'react';
import type { useAnswerGuard } from './use-answer-guard';

interface RequestFrameProps {
  /** The key guard's props for the dialog element: its focus and its ref. */
  guard: ReturnType<typeof useAnswerGuard>['dialogProps'];
  label: string;
  className: string;
  describedBy?: string;
  onKeyDown(event: KeyboardEvent): void;
  children: ReactNode;
}

/** A dialog the CLI waits on: modal over its own block only, named for what it asks. */
export function RequestFrame({
  guard,
  label,
  className,
  describedBy,
  onKeyDown,
  children,
}: RequestFrameProps) {
  return (
    <div className="agent-permission-backdrop">
      <div
        {...guard}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        aria-describedby={describedBy}
        className={className}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
}
