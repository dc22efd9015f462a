import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { posix } from 'node:path';

/**
 * The environment the user's shell sets up, read the way VS Code does: the shell runs as an
 * interactive login shell (so .zshrc and the interactive part of .bashrc run too, not only the
 * profile) and starts `/usr/bin/env` between two random markers. The markers separate the
 * environment from whatever the rc files print; NUL-separated pairs keep values with newlines
 * whole. A child prints it, not the shell, so every shell's own syntax is beside the point: the
 * child sees exactly what the shell exports, as a terminal's programs would.
 */

export interface ShellCommand {
  file: string;
  args: string[];
}

/** Set while the probe runs, so an rc file can skip slow or interactive parts. */
export const RESOLVING_VARIABLE = 'TETHER_RESOLVING_ENVIRONMENT';

/** What the probe's `/bin/sh` adds to the environment it prints, not the user's. */
const PROBE_ONLY = ['PWD', 'OLDPWD', 'SHLVL', '_', RESOLVING_VARIABLE];

export function newMarker(): string {
  return `TETHER${randomBytes(8).toString('hex')}`;
}

/** The argv that has `shell` print its environment between `marker`s. */
export function probeCommand(shell: string, marker: string): ShellCommand {
  // `env -0` is missing from older BSD userlands: plain `env` then, parsed line by line.
  const script = `/bin/sh -c 'printf %s ${marker}; /usr/bin/env -0 2>/dev/null || /usr/bin/env; printf %s ${marker}'`;
  const name = posix.basename(shell);
  if (/^pwsh(-preview)?$/.test(name)) return { file: shell, args: ['-Login', '-Command', script] };
  // csh and tcsh take -l only as their sole flag: interactive (which reads .cshrc/.tcshrc) it is.
  if (name === 'tcsh' || name === 'csh') return { file: shell, args: ['-i', '-c', script] };
  // bash, zsh, sh, dash, ksh, fish and nu all take these.
  return { file: shell, args: ['-i', '-l', '-c', script] };
}

/** The environment between the first two markers; null when they are not both there. */
export function parseProbeOutput(output: string, marker: string): NodeJS.ProcessEnv | null {
  const start = output.indexOf(marker);
  const end = start < 0 ? -1 : output.indexOf(marker, start + marker.length);
  if (end < 0) return null;
  const body = output.slice(start + marker.length, end);
  const env: NodeJS.ProcessEnv = {};
  if (body.includes('\0')) {
    for (const pair of body.split('\0')) addPair(env, pair);
  } else {
    // One pair a line; a line without `NAME=` continues the value before it.
    let last: string | undefined;
    for (const line of body.split('\n')) {
      const added = addPair(env, line);
      if (added) last = added;
      else if (last !== undefined && line) env[last] += `\n${line}`;
    }
  }
  for (const name of PROBE_ONLY) delete env[name];
  return env;
}

function addPair(env: NodeJS.ProcessEnv, pair: string): string | undefined {
  const match = /^([^=\s]+)=/.exec(pair);
  if (!match) return undefined;
  env[match[1]!] = pair.slice(match[0].length);
  return match[1];
}

export class ShellEnvironmentError extends Error {
  override name = 'ShellEnvironmentError';
}

/** Runs the probe; rejects with a one-line reason (timeout, no markers, no such shell). */
export function readShellEnvironment(
  shell: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<NodeJS.ProcessEnv> {
  const marker = newMarker();
  const { file, args } = probeCommand(shell, marker);
  return new Promise((resolve, reject) => {
    // Its own process group without a terminal: an rc that reads the terminal cannot stop it,
    // and a timeout ends everything the rc files started.
    const child = spawn(file, args, {
      env: { ...env, [RESOLVING_VARIABLE]: '1' },
      cwd: env['HOME'] || '/',
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    const timer = setTimeout(() => {
      killGroup(child.pid);
      reject(new ShellEnvironmentError(`${shell} did not finish within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new ShellEnvironmentError(`${shell} could not start (${error.message})`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const parsed = parseProbeOutput(Buffer.concat(chunks).toString('utf8'), marker);
      if (parsed) resolve(parsed);
      else
        reject(
          new ShellEnvironmentError(
            `${shell} exited (${signal ?? `code ${code}`}) without printing its environment`,
          ),
        );
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
