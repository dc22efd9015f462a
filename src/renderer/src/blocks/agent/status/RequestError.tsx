/** A request the host refused or could not carry out, shown until dismissed or the next send. */
export function RequestError({ message, onDismiss }: { message: string; onDismiss(): void }) {
  return (
    <p className="agent-request-error" role="alert">
      Tether could not do that: {message}{' '}
      <button type="button" className="agent-link-button" onClick={onDismiss}>
        Dismiss
      </button>
    </p>
  );
}
