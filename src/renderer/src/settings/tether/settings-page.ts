import type { Settings } from '../../../../shared/settings';
import type { TetherSettingsFile } from './use-tether-settings';

/** What each page of "Tether settings" shows and changes. */
export interface SettingsPageProps {
  file: TetherSettingsFile;
  change(changes: Settings): void;
}
