// The failures of a connection that trying again cannot heal: a remote block stops reconnecting
// by itself after one (a host key or a login the user must see to, or a question the user
// cancelled, which each attempt would ask again) and leaves "Reconnect" to the user. The
// sentences are made here, so the page recognises exactly what the host says.

export const hostKeyChanged = (name: string) =>
  `The host key of ${name} is not the one recorded in known_hosts: the machine may have been reinstalled, or someone may be in between; Tether will not connect until you check it and remove the old key (ssh-keygen -R).`;

/** Also what a cancelled passphrase or password comes to: ssh runs out of ways to log in. */
export const loginRefused = (name: string) =>
  `${name} refused the login: none of your keys (or passwords) were accepted.`;

/** Also what a cancelled "trust this host key?" comes to. */
export const hostKeyNotAccepted = (name: string) =>
  `The host key of ${name} was not accepted, so Tether did not connect.`;

/** The start of what a remote agent's start script says where it finds no `claude`. */
export const CLAUDE_MISSING = 'Claude Code is not installed on';

const lasting = [
  hostKeyChanged('\0'),
  loginRefused('\0'),
  hostKeyNotAccepted('\0'),
  `${CLAUDE_MISSING} \0`,
].map(
  (sentence) =>
    new RegExp(
      sentence
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .split('\0')
        .join('.+'),
    ),
);

/** Whether `message` (which may quote the sentence within more) is a failure retries cannot heal. */
export function retryCannotHeal(message: string): boolean {
  return lasting.some((pattern) => pattern.test(message));
}
