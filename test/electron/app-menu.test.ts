import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { standIn } from './stand-in/electron';
import { installAppMenu } from '../../src/main/electron/app-menu';
import { commands, type CommandId } from '../../src/shared/commands';

vi.mock('electron', () => import('./stand-in/electron'));

let ran: CommandId[];

function install(platform: NodeJS.Platform, devTools = false) {
  installAppMenu({ platform, devTools, run: (command) => ran.push(command) });
  return standIn.registeredAccelerators(platform);
}

/** "Mod+Shift+." as the accelerator Electron would match off macOS. */
const asCtrl = (keys: string) => keys.replace('Mod', 'Ctrl');

beforeEach(() => {
  standIn.reset();
  ran = [];
});
afterEach(() => standIn.reset());

describe('the application menu off macOS', () => {
  for (const platform of ['linux', 'win32'] as const) {
    it(`${platform}: registers no key a shell needs, nor one of Tether's own`, () => {
      const registered = install(platform, true);
      for (const accelerator of registered) {
        expect(accelerator === 'F11' || /Shift/.test(accelerator), accelerator).toBe(true);
        expect(commands.map((command) => asCtrl(command.keys))).not.toContain(accelerator);
      }
      expect(registered).toEqual(
        expect.arrayContaining(['Ctrl+Shift+0', 'Ctrl+Shift+=', 'Ctrl+Shift+-', 'Ctrl+Shift+Q']),
      );
    });
  }

  it('shows the grow and shrink commands and leaves their keys to the page', () => {
    install('linux');
    expect(standIn.menuItem('Grow block')).toMatchObject({
      accelerator: 'CmdOrCtrl+Shift+.',
      registerAccelerator: false,
    });
    expect(standIn.menuItem('Shrink block')?.accelerator).toBe('CmdOrCtrl+Shift+,');
    standIn.menuItem('Grow block')!.click!();
    expect(ran).toEqual(['block.grow']);
  });
});

describe('the File menu', () => {
  it('opens blocks on a host through Connect to host', () => {
    install('linux');
    standIn.menuItem('New terminal on host…')!.click!();
    standIn.menuItem('New agent on host…')!.click!();
    expect(ran).toEqual(['terminal.newOnHost', 'agent.newOnHost']);
  });
});

describe('the application menu on macOS', () => {
  it('closes the focused block, not the window, on Cmd+W', () => {
    const registered = install('darwin');
    const close = standIn.menuItem('Close block')!;
    expect(close.accelerator).toBe('Cmd+W');
    expect(close.registerAccelerator).toBe(true);
    close.click!();
    expect(ran).toEqual(['block.close']);
    expect(standIn.menuItem('close')?.accelerator).toBe('Cmd+Shift+W');
    expect(registered.filter((key) => /^(Cmd|Command|CommandOrControl)\+W$/.test(key))).toEqual([
      'Cmd+W',
    ]);
  });
});

describe('DevTools', () => {
  it('are in the menu of a development run only', () => {
    install('linux', false);
    expect(standIn.menuItem('toggleDevTools')).toBeUndefined();
    install('darwin', true);
    expect(standIn.menuItem('toggleDevTools')).toBeDefined();
  });
});
