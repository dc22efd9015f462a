import { posixQuote } from '../../shared/posix-quote';
import type { ShellSpec } from '../pty/shell';
import { connect, sshCommand, type SshSettings } from './ssh-connection';
import type { SshTarget } from './ssh-hosts';

/** What a TerminalSession needs to run a shell on `target`: its `shell` and its `env`. */
export interface RemoteShell {
  shell: ShellSpec;
  env: NodeJS.ProcessEnv;
}

/**
 * The remote user's login shell in a pty there (`ssh -tt`), on the host's shared connection
 * (opened first, asking what ssh needs to ask; a failure rejects with ssh's reason): the
 * local pty's size, and every resize, reach it through ssh. With `cwd` it starts in that folder
 * of the remote (the command is read by the remote user's shell, so this assumes a POSIX one
 * there: sh, bash, zsh, ksh).
 */
export async function remoteShell(
  target: SshTarget,
  settings: SshSettings,
  cwd?: string,
): Promise<RemoteShell> {
  await connect(target, settings);
  const command = cwd === undefined ? undefined : `cd ${posixQuote(cwd)} && exec "$SHELL" -l`;
  const { file, args, env } = sshCommand(target, settings, {
    kind: 'tty',
    ...(command === undefined ? {} : { command }),
  });
  return { shell: { file, args }, env };
}
