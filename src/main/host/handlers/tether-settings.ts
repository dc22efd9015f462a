import type { RequestResult } from '../../../shared/contract/host';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { tetherSettingsRequests } from '../../../shared/contract/tether-settings';
import { DEFAULT_REATTACH_GRACE_SECONDS } from '../../../shared/settings';
import type { HostOptions } from '../host';
import type { SettingsFile, SettingsState } from '../settings';

type TetherSettingsOptions = Pick<HostOptions, 'settings' | 'shell' | 'reattachGraceSeconds'>;

/** "Tether settings": the settings file as the page shows it, and the page's changes to it. */
export function tetherSettingsHandlers(
  options: TetherSettingsOptions,
): HandlersFor<typeof tetherSettingsRequests> {
  const file = (): SettingsFile => {
    if (!options.settings) throw new Error('this host has no settings file');
    return options.settings;
  };
  const answer = (path: string, { settings, problem }: SettingsState) =>
    ({
      path,
      settings,
      problem,
      defaults: {
        shell: options.shell.file,
        reattachGraceSeconds: options.reattachGraceSeconds ?? DEFAULT_REATTACH_GRACE_SECONDS,
      },
    }) satisfies RequestResult<'getTetherSettings'>;
  return {
    getTetherSettings: () => answer(file().path, file().current),
    changeTetherSettings: async ({ changes }) => answer(file().path, await file().edit(changes)),
  };
}
