import type { ClaudeAccount } from '../../../shared/contract/claude-account';
import { isRecord } from '../../../shared/is-record';

/**
 * The account as the CLI tells it, in two shapes (docs/protocol.md, "Claude settings: logging in,
 * account, commands"): `claude auth status --json` and the `account` of a finished sign-in.
 * Fields of the wrong type are left out.
 */

function text(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function defined(account: ClaudeAccount): ClaudeAccount {
  return Object.fromEntries(
    Object.entries(account).filter(([, value]) => value !== undefined),
  ) as ClaudeAccount;
}

/** `claude auth status --json`: `{loggedIn, authMethod, apiProvider, email, orgName, …}`. */
export function accountFromStatus(value: unknown): ClaudeAccount {
  if (!isRecord(value)) throw new Error('Claude Code did not say which account it uses.');
  return defined({
    loggedIn: value['loggedIn'] === true,
    authMethod: text(value, 'authMethod'),
    apiKeySource: text(value, 'apiKeySource'),
    apiProvider: text(value, 'apiProvider'),
    email: text(value, 'email'),
    organization: text(value, 'orgName'),
    subscription: text(value, 'subscriptionType'),
  });
}

/**
 * The answer to a finished `claude_oauth_callback` / `claude_oauth_wait_for_completion`:
 * `{account: {email, organization, subscriptionType, tokenSource, apiKeySource, apiProvider}}`.
 * A sign-in that finished is a login, whatever of the account the CLI could read.
 */
export function accountFromLogin(response: Record<string, unknown>): ClaudeAccount {
  const account = isRecord(response['account']) ? response['account'] : {};
  return defined({
    loggedIn: true,
    authMethod: text(account, 'tokenSource'),
    apiKeySource: text(account, 'apiKeySource'),
    apiProvider: text(account, 'apiProvider'),
    email: text(account, 'email'),
    organization: text(account, 'organization'),
    subscription: text(account, 'subscriptionType'),
  });
}
