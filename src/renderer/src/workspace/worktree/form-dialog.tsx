import { useState, type ReactNode } from 'react';
import { failureReason } from '../../../../shared/host-api';

/**
 * A form dialog's submit: busy while the host works; a refusal shown in its words, the form left
 * as the user wrote it for another try. On success the dialog closes, so it stays busy.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (action: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setFailure(failureReason(error));
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, submit };
}

/** What the dialog is doing or why it could not, then Cancel and the dialog's own buttons. */
export function FormFooter(props: {
  busy: boolean;
  doing: string;
  failure: string | null;
  onCancel(): void;
  children: ReactNode;
}) {
  return (
    <>
      {props.busy && <p role="status">{props.doing}</p>}
      {props.failure && (
        <p role="alert" className="close-confirm-failure">
          {props.failure}
        </p>
      )}
      <div className="close-confirm-buttons">
        <button type="button" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </button>
        {props.children}
      </div>
    </>
  );
}
