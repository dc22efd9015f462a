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

// Off macOS a menu accelerator takes its keys from the page, and the standard Edit and Window
// roles claim Ctrl+C, Ctrl+V, Ctrl+A, Ctrl+Z, Ctrl+W and Ctrl+M, which a shell needs. There the
// clipboard items use the terminal's Ctrl+Shift keys (handled by the renderer, like every Tether
// command), quitting is Ctrl+Shift+Q, and the window manager minimizes and closes windows.
const editMenu = (isMac: boolean): MenuItemConstructorOptions =>
  isMac
    ? { role: 'editMenu' }
    : {
        label: 'Edit',
        submenu: [
          { role: 'copy', accelerator: 'Ctrl+Shift+C', registerAccelerator: false },
          { role: 'paste', accelerator: 'Ctrl+Shift+V', registerAccelerator: false },
        ],
      };

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
        isMac ? { role: 'close' } : { role: 'quit', accelerator: 'Ctrl+Shift+Q' },
      ],
    },
    editMenu(isMac),
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
    ...(isMac ? [{ role: 'windowMenu' } as const] : []),
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
