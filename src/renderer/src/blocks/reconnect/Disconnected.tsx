import { useId, type Ref } from 'react';
import { reconnectDelay, type Lost } from './use-reconnect';

/**
 * A remote block whose connection died: why, what was lost with it, how reconnecting goes, and
 * the button that tries at once.
 */
export function Disconnected({
  lost,
  host,
  lostWhat,
  onReconnect,
  ref,
}: {
  lost: Lost;
  host: string;
  /** What could not survive the connection, and what a reconnect brings back. */
  lostWhat: string;
  onReconnect(): void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const heading = useId();
  const next = reconnectDelay(lost.failed) / 1000;
  return (
    <div className="block-disconnected" role="status" aria-labelledby={heading}>
      <strong id={heading}>Disconnected</strong>
      <p>
        The connection to {host} was lost: {lost.reason.replace(/\.$/, '')}. {lostWhat}
      </p>
      {lost.failure && (
        <p>
          Attempt {lost.failed} to reconnect failed: {lost.failure}
        </p>
      )}
      <p>{lost.trying ? 'Reconnecting…' : `Reconnecting in ${next} s.`}</p>
      <button type="button" ref={ref} onClick={onReconnect}>
        Reconnect
      </button>
    </div>
  );
}
