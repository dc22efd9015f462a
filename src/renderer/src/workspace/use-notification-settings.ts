import { useEffect, useState } from 'react';
import type { HostApi } from '../../../shared/host-api';
import type { NotificationSettings } from '../../../shared/settings';
import { allNotifications } from './block-notification';

/** The kinds of notification the settings file turns on, followed as the file changes. */
export function useNotificationSettings(api: HostApi): NotificationSettings {
  const [settings, setSettings] = useState<NotificationSettings>(allNotifications);
  useEffect(() => {
    let live = true;
    const load = () =>
      void api.getAppInfo({}).then(
        (info) => live && setSettings(info.notifications),
        // Without an answer the defaults stand: every kind on.
        () => undefined,
      );
    load();
    const stop = api.onEvent('settingsChanged', load);
    return () => {
      live = false;
      stop();
    };
  }, [api]);
  return settings;
}
