import { useState, type ComponentType, type ReactNode } from 'react';
import { failureReason, type HostApi } from '../../../../shared/host-api';
import { TabbedDialog, type DialogTab } from '../../ui/TabbedDialog';
import { AppearancePage } from './AppearancePage';
import { LaunchPage } from './LaunchPage';
import { NotificationsPage } from './NotificationsPage';
import type { SettingsPageProps } from './settings-page';
import { useTetherSettings, type TetherSettingsModel } from './use-tether-settings';
import './tether-settings.css';

/** The pages, in the order of their tabs. */
const pages: readonly { name: string; Page: ComponentType<SettingsPageProps> }[] = [
  { name: 'Appearance', Page: AppearancePage },
  { name: 'Notifications', Page: NotificationsPage },
  { name: 'Terminals and agents', Page: LaunchPage },
];

interface TetherSettingsProps {
  api: HostApi;
  initialTab?: string;
  onClose(): void;
}

/** "Tether settings": Tether's own settings file, edited in place and applied as it changes. */
export function TetherSettings({ api, initialTab, onClose }: TetherSettingsProps) {
  const model = useTetherSettings(api);
  const tabs: DialogTab[] = pages.map(({ name, Page }) => ({
    name,
    render: () => (
      <SettingsPanel api={api} model={model}>
        {model.file && <Page file={model.file} change={model.change} />}
      </SettingsPanel>
    ),
  }));
  return (
    <TabbedDialog label="Tether settings" tabs={tabs} initialTab={initialTab} onClose={onClose} />
  );
}

/**
 * A page with what is wrong above it (a file Tether cannot use, a change it refused) and the way
 * to the file itself below it, for what the pages do not show.
 */
function SettingsPanel({
  api,
  model: { file, error },
  children,
}: {
  api: HostApi;
  model: TetherSettingsModel;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState<string | null>(null);
  const openFile = () =>
    void api.openSettings({}).then(
      // Where the host cannot open an editor (browser mode), the page says where the file is.
      ({ path, opened }) => setOpened(opened ? null : `Settings file: ${path}`),
      (failure: unknown) => setOpened(failureReason(failure)),
    );
  return (
    <div className="tether-settings-page">
      {file?.problem && <p role="alert">{file.problem}</p>}
      {error && <p role="alert">{error}</p>}
      {file ? children : !error && <p>Reading the settings file…</p>}
      <footer className="tether-settings-footer">
        <button type="button" onClick={openFile}>
          Open settings file
        </button>
        {opened && <span role="status">{opened}</span>}
      </footer>
    </div>
  );
}
