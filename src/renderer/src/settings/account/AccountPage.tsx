import { useCallback, useEffect, useState } from 'react';
import type { ClaudeAccount } from '../../../../shared/contract/claude-account';
import { errorMessage } from '../../../../shared/error-message';
import { LoginToClaude, accountSummary } from '../../blocks/agent/login/LoginToClaude';
import type { ClaudeSettingsScope } from '../ClaudeSettings';
import { credentialsSource } from './credentials';
import './account.css';

/**
 * "Account": who the block's Claude Code is logged in as and how (`claude auth status`), "Log in
 * to Claude" through its session, and "Log out" (`claude auth logout`).
 */
export function AccountPage({ api, agentId }: ClaudeSettingsScope) {
  const [account, setAccount] = useState<ClaudeAccount | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [loggingIn, setLoggingIn] = useState(false);
  const [busy, setBusy] = useState(false);

  const read = useCallback(
    (id: string) =>
      api.claudeAccount({ agentId: id }).then(setAccount, (error: unknown) => {
        setProblem(errorMessage(error));
      }),
    [api],
  );
  useEffect(() => {
    if (agentId) void read(agentId);
  }, [agentId, read]);

  if (!agentId) {
    return <p>Open an agent block to see the account its Claude Code uses.</p>;
  }
  const logOut = () => {
    setBusy(true);
    setOutcome(null);
    api.claudeLogout({ agentId }).then(
      (after) => {
        setBusy(false);
        setAccount(after);
        setOutcome('Logged out of Claude on this computer.');
      },
      (error: unknown) => {
        setBusy(false);
        setProblem(errorMessage(error));
      },
    );
  };
  return (
    <div className="claude-settings-page">
      {problem && <p role="alert">{problem}</p>}
      {account && (
        <dl className="claude-account" aria-label="Claude account">
          <dt>Logged in</dt>
          <dd>{account.loggedIn ? 'Yes' : 'No'}</dd>
          <dt>Credentials</dt>
          <dd>{credentialsSource(account)}</dd>
          {account.email && (
            <>
              <dt>Email</dt>
              <dd>{account.email}</dd>
            </>
          )}
          {account.organization && (
            <>
              <dt>Organisation</dt>
              <dd>{account.organization}</dd>
            </>
          )}
          {account.subscription && (
            <>
              <dt>Plan</dt>
              <dd>{account.subscription}</dd>
            </>
          )}
        </dl>
      )}
      {outcome && <p role="status">{outcome}</p>}
      {loggingIn ? (
        <LoginToClaude
          api={api}
          agentId={agentId}
          onCancel={() => setLoggingIn(false)}
          onLoggedIn={(after) => {
            setLoggingIn(false);
            setOutcome(`Logged in to Claude as ${accountSummary(after)}.`);
            setProblem(null);
            void read(agentId);
          }}
        />
      ) : (
        <div className="claude-settings-actions">
          <button type="button" onClick={() => setLoggingIn(true)}>
            Log in to Claude
          </button>
          <button type="button" disabled={busy || !account?.loggedIn} onClick={logOut}>
            Log out
          </button>
        </div>
      )}
    </div>
  );
}
