import { notificationSettings, type NotificationSettings } from '../../../../shared/settings';
import type { SettingsPageProps } from './settings-page';

const kinds: readonly [keyof NotificationSettings, string][] = [
  ['needsYou', 'A block needs you'],
  ['done', 'A block is done'],
  ['error', 'A block fails'],
];

/** Which desktop notifications blocks send while the user looks elsewhere. */
export function NotificationsPage({ file: { settings }, change }: SettingsPageProps) {
  const shown = notificationSettings(settings);
  return (
    <fieldset className="tether-setting">
      <legend>Notify me, for a block I am not looking at, when</legend>
      {kinds.map(([kind, label]) => (
        <label key={kind}>
          <input
            type="checkbox"
            checked={shown[kind]}
            // Only this kind is written: the others stay as the file has them (or absent).
            onChange={(event) =>
              change({ notifications: { ...settings.notifications, [kind]: event.target.checked } })
            }
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
