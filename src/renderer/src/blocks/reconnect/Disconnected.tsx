import { useId, type ReactNode, type Ref } from 'react';
import { reconnectDelay, type Lost } from './use-reconnect';

/**
 * A remote block whose connection died: what happened (`children`, in the block's words), how
 * reconnecting goes, and the button that tries at once.
 */
export function Disconnected({
  lost,
  onReconnect,
  children,
  ref,
}: {
  lost: Lost;
  onReconnect(): void;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}) {
  const heading = useId();
  const next = reconnectDelay(lost.failed) / 1000;
  return (
    <div className="block-disconnected" role="status" aria-labelledby={heading}>
      <strong id={heading}>Disconnected</strong>
      <p>{children}</p>
      {lost.failure && (
        <p>
          Attempt {lost.failed} to reconnect failed: {lost.failure}
        </p>
      )}
      <p>
        {lost.trying
          ? 'Reconnecting…'
          : lost.stopped
            ? 'Tether stopped trying by itself: choose Reconnect once that is seen to.'
            : `Reconnecting in ${next} s.`}
      </p>
      <button type="button" ref={ref} onClick={onReconnect}>
        Reconnect
      </button>
    </div>
  );
}
