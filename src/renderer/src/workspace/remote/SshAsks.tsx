import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../ui/ModalDialog';
import type { SshAsk } from './use-ssh-asks';
import './remote.css';

interface SshAsksProps {
  ask: SshAsk;
  /** How many questions wait, this one included. */
  waiting: number;
  answer(askId: string, answer: string | null): void;
}

/**
 * One of ssh's questions (a password, a passphrase, an unknown host key), in ssh's own words,
 * shown as text: a fingerprint must read exactly as ssh wrote it. Only the user answers it.
 */
export function SshAsks({ ask, waiting, answer }: SshAsksProps) {
  const [secret, setSecret] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const cancel = () => answer(ask.askId, null);

  // The keyboard goes back where it was (the "Connect to host" dialog) once ssh stops asking.
  useEffect(() => {
    const before = document.activeElement;
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  // Each question starts with an empty field and the keyboard on it; a yes-or-no question on its
  // text, so that no key answers it before it is read.
  useEffect(() => {
    setSecret('');
    const field =
      form.current?.querySelector('input') ?? form.current?.querySelector('p[tabindex]');
    (field as HTMLElement | null | undefined)?.focus();
  }, [ask.askId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer(ask.askId, secret);
  };
  const prompt = ask.prompt.trim();

  return (
    <ModalDialog
      label="SSH asks"
      className="ssh-ask"
      onCancel={cancel}
      // Cancelling makes ssh give up (the connection, or the key): only the user's choice does.
      cancelOnClickOutside={false}
    >
      <form onSubmit={submit} ref={form}>
        <p className="ssh-ask-host">
          ssh on <strong>{ask.host}</strong> asks{waiting > 1 ? ` (1 of ${waiting})` : ''}:
        </p>
        {ask.kind === 'secret' ? (
          <label className="ssh-ask-prompt">
            {prompt}
            <input
              type="password"
              aria-label={prompt || 'Answer'}
              autoComplete="off"
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
            />
          </label>
        ) : (
          <p className="ssh-ask-prompt" tabIndex={-1}>
            {prompt}
          </p>
        )}
        <div className="remote-dialog-buttons">
          {ask.kind === 'secret' && <button type="submit">OK</button>}
          {ask.kind === 'confirm' && (
            <>
              <button type="button" onClick={() => answer(ask.askId, 'yes')}>
                Yes
              </button>
              <button type="button" onClick={() => answer(ask.askId, 'no')}>
                No
              </button>
            </>
          )}
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
