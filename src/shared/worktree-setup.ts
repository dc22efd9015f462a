import { z } from 'zod';
import { posixQuote } from './posix-quote';
import { sshHostSchema } from './contract/remote';

// "Worktree set-up": what a new worktree of a repository gets before its agent starts.

/** The file at a repository's root naming the ignored files a new worktree is given a copy of. */
export const WORKTREE_INCLUDE = '.worktreeinclude';

export const MAX_SETUP_COMMAND = 4000;

/** One repository's set-up command, as the settings file keeps it (`worktreeSetup`). */
export const worktreeSetupSchema = z
  .object({
    /** The repository's main checkout. */
    repo: z.string().min(1).max(4096),
    /** The machine the repository is on, when it is another one. */
    host: sshHostSchema.optional(),
    /** Run in a terminal in each new worktree, e.g. `npm ci`. */
    command: z.string().trim().min(1).max(MAX_SETUP_COMMAND),
    /** The agent starts beside the set-up rather than after it has succeeded. */
    startAtOnce: z.boolean().optional(),
  })
  .strict();
export type WorktreeSetup = z.infer<typeof worktreeSetupSchema>;

const sameRepository = (entry: WorktreeSetup, repo: string, host: string | undefined) =>
  entry.repo === repo && (entry.host ?? undefined) === (host ?? undefined);

/** The set-up of the repository `repo` (on `host`), if the settings give one. */
export function setupFor(
  list: readonly WorktreeSetup[] | null | undefined,
  repo: string,
  host: string | undefined,
): WorktreeSetup | undefined {
  return list?.find((entry) => sameRepository(entry, repo, host));
}

/** The list with the repository's set-up replaced by `change` (an empty command: none). */
export function withSetup(
  list: readonly WorktreeSetup[] | null | undefined,
  repo: string,
  host: string | undefined,
  change: { command: string; startAtOnce: boolean },
): WorktreeSetup[] {
  const rest = (list ?? []).filter((entry) => !sameRepository(entry, repo, host));
  const command = change.command.trim();
  if (!command) return rest;
  return [
    ...rest,
    {
      repo,
      ...(host ? { host } : {}),
      command,
      ...(change.startAtOnce ? { startAtOnce: true } : {}),
    },
  ];
}

/**
 * What the set-up terminal types at its shell's prompt: the command, after which the shell ends
 * with the command's exit code, which is how the agent block learns how the set-up went. The
 * command runs under `sh` (PowerShell's and cmd's own syntax on Windows), whatever the login
 * shell, so that its words mean the same everywhere.
 */
export function setupCommandLine(command: string, shell: string | undefined): string {
  const name = (shell ?? '').split(/[\\/]/).pop()!.toLowerCase();
  if (/^(pwsh|powershell)(\.exe)?$/.test(name)) return `${command}; exit $LASTEXITCODE`;
  if (/^cmd(\.exe)?$/.test(name)) return `${command} & exit`;
  return `exec sh -c ${posixQuote(command)}`;
}
