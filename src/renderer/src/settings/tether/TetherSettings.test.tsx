// @vitest-environment jsdom
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TetherSettings } from './TetherSettings';
import { settingsHost, type SettingsHost } from '#test/support/settings-host';

let dir: string;
let path: string;
let running: SettingsHost;
// The file as the host has it now.
const current = () => running.settings.current.settings;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tether-settings-dialog-'));
  path = join(dir, 'settings.json');
});

afterEach(async () => {
  cleanup();
  await running.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** The dialog on a real host whose settings file is `text` (none: no file yet). */
function open(text?: string, initialTab?: string) {
  if (text !== undefined) writeFileSync(path, text);
  running = settingsHost(dir);
  render(<TetherSettings api={running.api} initialTab={initialTab} onClose={() => undefined} />);
}

const commented = '{\n  // set by hand\n  "claudePath": "/opt/claude"\n}\n';

async function enter(label: string, value: string) {
  const field = await screen.findByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

describe('Tether settings', () => {
  it('is a dialog of tabs whose changes go to the settings file, comments kept', async () => {
    open(commented);
    const dialog = screen.getByRole('dialog', { name: 'Tether settings' });
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Appearance', 'Notifications', 'Terminals and agents']);
    expect(await screen.findByLabelText('Terminal font size')).toHaveProperty('placeholder', '13');
    expect(screen.getByText(/apply at once, to the terminals already open too/)).toBeTruthy();

    await enter('Terminal font size', '16');
    await waitFor(() => expect(readFileSync(path, 'utf8')).toContain('"terminalFontSize": 16'));
    fireEvent.click(screen.getByRole('radio', { name: 'Light' }));
    await waitFor(() =>
      expect(readFileSync(path, 'utf8')).toBe(
        '{\n  // set by hand\n  "claudePath": "/opt/claude",\n  "terminalFontSize": 16,\n  "theme": "light"\n}\n',
      ),
    );
    expect(screen.getByRole('radio', { name: 'Light' })).toHaveProperty('checked', true);

    // Emptied: back to the default, which the file says with null.
    await enter('Terminal font size', '');
    await waitFor(() => expect(current().terminalFontSize).toBeNull());
  });

  it('refuses an invalid value with the reason and writes nothing', async () => {
    open(commented);
    await enter('Terminal font size', '200');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/terminalFontSize: Too big: expected number to be <=72/);
    // The field goes back to what the file says: nothing, so the default.
    await waitFor(() =>
      expect(screen.getByLabelText('Terminal font size')).toHaveProperty('value', ''),
    );
    expect(readFileSync(path, 'utf8')).toBe(commented);
  });

  it('reports a file it cannot parse and leaves it untouched', async () => {
    const broken = '{ "theme": "dark" "claudePath": 1 }';
    open(broken);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /settings\.json is not valid: not JSON \(CommaExpected on line 1\)/,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Light' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        `${path} is not valid JSON (CommaExpected on line 1); Tether left it as it is. Fix it in an editor and try again.`,
      ),
    );
    expect(readFileSync(path, 'utf8')).toBe(broken);
  });

  it('writes only the notification turned off, and follows an edit made elsewhere', async () => {
    open('{}', 'Notifications');
    const done = await screen.findByRole('checkbox', { name: 'A block is done' });
    expect(done).toHaveProperty('checked', true);
    fireEvent.click(done);
    await waitFor(() =>
      expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ notifications: { done: false } }),
    );
    await waitFor(() => expect(done).toHaveProperty('checked', false));

    writeFileSync(path, '{ "notifications": { "needsYou": false } }');
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'A block needs you' })).toHaveProperty(
        'checked',
        false,
      ),
    );
    expect(done).toHaveProperty('checked', true);
  });

  it('says what applies to new blocks only, and offers the file itself', async () => {
    open(undefined, 'Terminals and agents');
    const shell = await screen.findByLabelText('Shell program');
    expect(shell).toHaveProperty('placeholder', '/bin/sh');
    expect(screen.getByText(/applies to terminals opened from now on/)).toBeTruthy();
    expect(screen.getByLabelText('Reattach grace (seconds)')).toHaveProperty('placeholder', '60');

    fireEvent.change(shell, { target: { value: '/bin/bash' } });
    fireEvent.blur(shell);
    await waitFor(() => expect(current().shell).toEqual({ file: '/bin/bash', args: [] }));
    const args = screen.getByLabelText('Shell arguments, one per line');
    fireEvent.change(args, { target: { value: '-l\n--noprofile' } });
    fireEvent.blur(args);
    await waitFor(() =>
      expect(current().shell).toEqual({
        file: '/bin/bash',
        args: ['-l', '--noprofile'],
      }),
    );
    await enter('Claude binary (claudePath)', '/opt/claude');
    await waitFor(() => expect(current().claudePath).toBe('/opt/claude'));

    fireEvent.click(screen.getByRole('button', { name: 'Open settings file' }));
    // This host cannot open an editor (as in browser mode): the dialog says where the file is.
    expect((await screen.findByRole('status')).textContent).toBe(`Settings file: ${path}`);
    await act(() => Promise.resolve());
  });
});
