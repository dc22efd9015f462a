import { Menu, type MenuItemConstructorOptions } from 'electron';
import { findCommand, type CommandId } from '../../shared/commands';

const keyNames: Record<string, string> = { Mod: 'CmdOrCtrl' };

/** "Mod+Shift+Enter" as an Electron accelerator. */
function accelerator(keys: string): string {
  return keys
    .split('+')
    .map((part) => keyNames[part] ?? part)
    .join('+');
}

/**
 * The application menu: the platform's standard roles (app menu on macOS, Edit, View, Window)
 * plus Tether's own commands, which the renderer runs. Their shortcuts are shown but left to the
 * renderer, which handles them the same way in browser mode.
 */
export function installAppMenu(run: (command: CommandId) => void): void {
  const item = (id: CommandId): MenuItemConstructorOptions => {
    const command = findCommand(id);
    return {
      label: command.title,
      accelerator: accelerator(command.keys),
      registerAccelerator: false,
      click: () => run(id),
    };
  };
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' } as const] : []),
    {
      label: 'File',
      submenu: [
        item('terminal.new'),
        item('terminal.newBelow'),
        item('agent.new'),
        { type: 'separator' },
        item('block.close'),
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        item('palette.open'),
        item('focus.next'),
        item('focus.previous'),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        { role: 'toggleDevTools' },
      ],
    },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
