/**
 * A real Host (see test-host.ts) whose settings file, `settings.json` in `dir`, is followed as
 * it changes, and the page's typed api connected to it in-process: for tests of the pages that
 * read and edit the settings through the host, as the app does.
 */
import { join } from 'node:path';
import type { EventMessage } from '../../src/shared/contract/host';
import { createHostApi, type HostApi } from '../../src/shared/host-api';
import type { Host } from '../../src/main/host/host';
import { SettingsFile } from '../../src/main/host/settings';
import { testHost } from './test-host';

export interface SettingsHost {
  host: Host;
  settings: SettingsFile;
  api: HostApi;
  dispose(): Promise<void>;
}

export function settingsHost(dir: string): SettingsHost {
  const settings = new SettingsFile(join(dir, 'settings.json'), { log: () => {}, debounceMs: 20 });
  settings.watch();
  const host = testHost(dir, { settings });
  const listeners = new Set<(name: unknown, payload: unknown) => void>();
  const connection = host.connect((event: EventMessage) => {
    for (const listener of listeners) listener(event.name, event.payload);
  });
  const api = createHostApi({
    request: (name, params) => connection.request(name, params),
    notify: (name, params) => connection.notify(name, params),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return {
    host,
    settings,
    api,
    dispose: async () => {
      settings.dispose();
      await host.dispose();
    },
  };
}
