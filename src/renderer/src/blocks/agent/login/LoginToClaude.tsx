import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ClaudeAccount } from '../../../../../shared/contract/claude-account';
import type { HostApi } from '../../../../../shared/host-api';
import { errorMessage } from '../../../../../shared/error-message';
import { openExternalLink } from '../../../host/open-external-link';

interface LoginToClaudeProps {
  api: HostApi;
  agentId: string;
  onLoggedIn(account: ClaudeAccount): void;
  onCancel(): void;
}

type Step =
  | { kind: 'choose' }
  | { kind: 'starting' }
  /** The sign-in page is open: waiting for its callback, or for the code it shows. */
  | { kind: 'signing-in'; url: string; needsCode: boolean };

/** Who the account now in use is, in a few words. */
export function accountSummary(account: ClaudeAccount): string {
  return account.email ?? account.organization ?? account.authMethod ?? 'an account';
}

/**
 * "Log in to Claude": the CLI's own sign-in, run by the block's session. The user picks a Claude
 * subscription or the Anthropic Console; the sign-in page the CLI gives opens in the browser; the
 * CLI is called back by that page, or (a block on another machine) the code it shows is pasted.
 * Its own region: the block shows it in a dialog, the "Account" settings page in its page.
 */
export function LoginToClaude({ api, agentId, onLoggedIn, onCancel }: LoginToClaudeProps) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const first = useRef<HTMLButtonElement>(null);
  const done = useRef(onLoggedIn);
  done.current = onLoggedIn;
  useEffect(() => first.current?.focus(), []);

  const fail = (error: unknown) => {
    setProblem(errorMessage(error));
    setStep({ kind: 'choose' });
  };
  const start = (subscription: boolean) => {
    setProblem(null);
    setStep({ kind: 'starting' });
    api.startClaudeLogin({ agentId, subscription }).then(({ url, needsCode }) => {
      setStep({ kind: 'signing-in', url, needsCode });
      void openExternalLink(api, url).catch(fail);
    }, fail);
  };
  // The page's callback ends the sign-in by itself; only the last one started counts.
  const waiting = step.kind === 'signing-in' && !step.needsCode ? step.url : null;
  useEffect(() => {
    if (waiting === null) return;
    let current = true;
    api.finishClaudeLogin({ agentId }).then(
      (account) => current && done.current(account),
      (error: unknown) => current && fail(error),
    );
    return () => {
      current = false;
    };
  }, [api, agentId, waiting]);
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    api.finishClaudeLogin({ agentId, code }).then((account) => done.current(account), fail);
  };

  return (
    <section aria-label="Log in to Claude" className="claude-login">
      {problem && <p role="alert">The sign-in did not finish: {problem}</p>}
      {step.kind === 'signing-in' ? (
        <>
          <p>
            Sign in on the page that opened in your browser.{' '}
            <a
              href={step.url}
              onClick={(event) => {
                event.preventDefault();
                void openExternalLink(api, step.url);
              }}
            >
              Open the sign-in page again
            </a>
          </p>
          {step.needsCode ? (
            <form onSubmit={submitCode}>
              <label>
                Code from the sign-in page{' '}
                <input
                  value={code}
                  autoFocus
                  spellCheck={false}
                  onChange={(event) => setCode(event.target.value)}
                />
              </label>{' '}
              <button type="submit" disabled={!code.trim()}>
                Log in
              </button>
            </form>
          ) : (
            <p role="status">Waiting for the sign-in to finish…</p>
          )}
        </>
      ) : (
        <>
          <p>Log in with:</p>
          <div className="close-confirm-buttons">
            <button
              type="button"
              ref={first}
              disabled={step.kind === 'starting'}
              onClick={() => start(true)}
            >
              Claude subscription
            </button>
            <button type="button" disabled={step.kind === 'starting'} onClick={() => start(false)}>
              Anthropic Console
            </button>
          </div>
          <p className="agent-note">
            A subscription is Claude Pro, Max, Team or Enterprise; the Console bills API use to your
            organisation.
          </p>
        </>
      )}
      <div className="close-confirm-buttons">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
