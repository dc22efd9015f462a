import { errorMessage } from '../../../shared/error-message';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { worktreeSetupRequests } from '../../../shared/contract/worktree-setup';
import { setupFor, withSetup } from '../../../shared/worktree-setup';
import type { RemoteCommands } from '../../git/remote-files';
import { copyWorktreeInclude, mainCheckout } from '../../git/worktree-include';
import { filesOn } from '../block-files';
import type { LaunchContext } from '../launch-context';
import type { SettingsFile } from '../settings';

/**
 * "Worktree set-up": the setting is kept in Tether's settings file under the repository's main
 * checkout (and its host); git runs where the repository is, over ssh for one on a host.
 */
export function worktreeSetupHandlers(
  launch: LaunchContext,
  remote: RemoteCommands,
  settings: SettingsFile | undefined,
): HandlersFor<typeof worktreeSetupRequests> {
  const list = () => settings?.current.settings.worktreeSetup;
  const answer = (repo: string, host: string | undefined) => {
    const setup = setupFor(list(), repo, host);
    return {
      repo,
      ...(host ? { host } : {}),
      command: setup?.command ?? '',
      startAtOnce: setup?.startAtOnce ?? false,
    };
  };
  return {
    worktreeSetup: async ({ cwd, host }) => {
      const files = await filesOn(host, remote, launch);
      return answer(await mainCheckout(cwd, { files }), host);
    },
    changeWorktreeSetup: async ({ repo, host, command, startAtOnce }) => {
      if (!settings) throw new Error('this host has no settings file');
      const worktreeSetup = withSetup(list(), repo, host, { command, startAtOnce });
      await settings.edit({ worktreeSetup: worktreeSetup.length ? worktreeSetup : null });
      return answer(repo, host);
    },
    prepareWorktree: async ({ worktree }) => {
      const files = await filesOn(worktree.host, remote, launch);
      // A copy that fails leaves the set-up and the agent to go on: the page says what failed.
      const copy = await copyWorktreeInclude(worktree, { files }).then(
        (copied) => ({ copied, problem: null }),
        (error: unknown) => ({ copied: [], problem: errorMessage(error) }),
      );
      const setup = setupFor(list(), await mainCheckout(worktree.repo, { files }), worktree.host);
      return {
        ...copy,
        setup: setup ? { command: setup.command, startAtOnce: setup.startAtOnce ?? false } : null,
      };
    },
  };
}
