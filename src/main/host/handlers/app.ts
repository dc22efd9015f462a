import { release as osRelease } from 'node:os';
import type { appRequests } from '../../../shared/contract/app';
import type { HandlersFor } from '../../../shared/contract/request-table';
import { safeExternalUrl } from '../../../shared/external-url';
import { appearanceSettings, notificationSettings } from '../../../shared/settings';
import { windowsPty } from '../../platform/windows-pty';
import type { HostOptions } from '../host';
import type { LaunchContext } from '../launch-context';

type AppOptions = Pick<
  HostOptions,
  'workspaceDir' | 'settings' | 'openExternal' | 'openPath' | 'system'
>;

/** What the page asks of the app around its blocks: its facts, links, the settings file. */
export function appHandlers(
  options: AppOptions,
  launch: LaunchContext,
): HandlersFor<typeof appRequests> {
  const { workspaceDir, settings, openExternal, openPath } = options;
  return {
    getAppInfo: () => {
      const settingsProblem = settings?.current.problem;
      const { platform, release } = options.system ?? {
        platform: process.platform,
        release: osRelease(),
      };
      const pty = windowsPty(platform, release);
      return {
        workspaceDir,
        platform,
        shell: launch.shell().file,
        ...(settingsProblem ? { settingsProblem } : {}),
        notifications: notificationSettings(settings?.current.settings ?? {}),
        appearance: appearanceSettings(settings?.current.settings ?? {}),
        ...(pty ? { windowsPty: pty } : {}),
      };
    },
    openExternal: async ({ url }) => {
      const safe = safeExternalUrl(url);
      if (!safe) throw new Error(`refused to open ${JSON.stringify(url)}: only http(s) links`);
      if (!openExternal) return { opened: false };
      await openExternal(safe);
      return { opened: true };
    },
    openSettings: async () => {
      if (!settings) throw new Error('this host has no settings file');
      const path = settings.ensure();
      if (!openPath) return { path, opened: false };
      const failure = await openPath(path);
      if (failure) throw new Error(`could not open ${path}: ${failure}`);
      return { path, opened: true };
    },
  };
}
