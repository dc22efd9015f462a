import { z } from 'zod';
import { MAX_SETUP_COMMAND } from '../worktree-setup';
import { worktreeSchema } from '../worktree';
import { sshHostSchema } from './remote';
import type { RequestTable } from './request-table';

// "Worktree set-up": a repository's set-up command (kept in Tether's settings) and what a new
// worktree gets before its agent starts.

const repository = z.object({
  /** The repository's main checkout, which the setting is kept under. */
  repo: z.string().min(1).max(4096),
  host: sshHostSchema.optional(),
});
const setupResult = repository.extend({
  /** '' when the repository has none. */
  command: z.string().max(MAX_SETUP_COMMAND),
  startAtOnce: z.boolean(),
});

export const worktreeSetupRequests = {
  /** The set-up of the repository `cwd` is in (on `host` when given). */
  worktreeSetup: {
    params: z.object({ cwd: z.string().min(1).max(4096), host: sshHostSchema.optional() }).strict(),
    result: setupResult,
  },
  /** Sets a repository's set-up in the settings file; an empty command removes it. */
  changeWorktreeSetup: {
    params: setupResult.strict(),
    result: setupResult,
  },
  /**
   * A new worktree's files from `.worktreeinclude`, copied from the checkout it was made from
   * (`problem`: why they could not all be, in a sentence), and the set-up its repository asks for
   * (null: none).
   */
  prepareWorktree: {
    params: z.object({ worktree: worktreeSchema }).strict(),
    result: z.object({
      copied: z.array(z.string()),
      problem: z.string().nullable(),
      setup: z
        .object({ command: z.string().min(1).max(MAX_SETUP_COMMAND), startAtOnce: z.boolean() })
        .nullable(),
    }),
  },
} as const satisfies RequestTable;
