import type { ReactNode, Ref } from 'react';

/**
 * Something is wrong with the session's process, in words for the user, and the way out: a new
 * process that resumes the same Claude session.
 */
export function SessionNotice({
  className,
  alert,
  heading,
  children,
  onRestart,
  ref,
}: {
  className: string;
  /** Announced at once (a failure), rather than politely. */
  alert: boolean;
  heading: string;
  children: ReactNode;
  onRestart(): void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className={className} role={alert ? 'alert' : 'status'}>
      <strong>{heading}</strong>
      <p>{children}</p>
      <button type="button" ref={ref} onClick={onRestart}>
        Restart session
      </button>
    </div>
  );
}
