// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Composer } from '../agent/composer/Composer';
import { acceptFileDrops, quoteForShell, shellQuoting, shellWords } from './dropped-files';
import { dropFiles } from './testing/drop-files';

afterEach(cleanup);

describe('shellQuoting', () => {
  it.each([
    ['linux', '/bin/bash', 'posix'],
    ['linux', '/usr/bin/fish', 'fish'],
    ['linux', '/usr/bin/tcsh', 'csh'],
    ['darwin', '/bin/csh', 'csh'],
    ['darwin', '/opt/homebrew/bin/nu', 'nu'],
    ['win32', 'C:\\Users\\ada\\.cargo\\bin\\nu.exe', 'nu'],
    ['darwin', '/bin/zsh', 'posix'],
    ['darwin', '/opt/homebrew/bin/pwsh', 'powershell'],
    ['win32', 'C:\\Program Files\\PowerShell\\7\\pwsh.exe', 'powershell'],
    ['win32', 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe', 'powershell'],
    ['win32', 'C:\\WINDOWS\\system32\\CMD.EXE', 'cmd'],
    ['win32', 'C:\\Program Files\\Git\\bin\\bash.exe', 'posix'],
  ] as const)('%s: %s quotes as %s', (platform, shell, quoting) => {
    expect(shellQuoting(shell, platform)).toBe(quoting);
  });

  it('without a shell to go by, quotes for the platform’s default one', () => {
    expect(shellQuoting(undefined, 'win32')).toBe('powershell');
    expect(shellQuoting(undefined, 'darwin')).toBe('posix');
    expect(shellQuoting('', 'linux')).toBe('posix');
  });
});

describe('quoteForShell', () => {
  it('POSIX: leaves a plain path alone and single-quotes any other', () => {
    expect(quoteForShell('/home/ada/notes.txt', 'posix')).toBe('/home/ada/notes.txt');
    expect(quoteForShell('/Users/ada/My Notes.txt', 'posix')).toBe("'/Users/ada/My Notes.txt'");
    expect(quoteForShell('/tmp/it\'s "$HOME" `x`', 'posix')).toBe(`'/tmp/it'\\''s "$HOME" \`x\`'`);
  });

  it('fish: escapes backslashes too, which its single quotes read', () => {
    expect(quoteForShell("/tmp/it's a\\b", 'fish')).toBe("'/tmp/it\\'s a\\\\b'");
    expect(quoteForShell('/tmp/plain.txt', 'fish')).toBe('/tmp/plain.txt');
  });

  it('csh: as POSIX, with each ! escaped, which its history expands even in single quotes', () => {
    expect(quoteForShell('/tmp/plain.txt', 'csh')).toBe('/tmp/plain.txt');
    expect(quoteForShell("/tmp/it's done!.txt", 'csh')).toBe("'/tmp/it'\\''s done\\!.txt'");
  });

  it('nu: single quotes, or a raw string with one # more than any after a quote in the path', () => {
    expect(quoteForShell('/tmp/plain.txt', 'nu')).toBe("'/tmp/plain.txt'");
    expect(quoteForShell('/tmp/$HOME (x) "y".txt', 'nu')).toBe(`'/tmp/$HOME (x) "y".txt'`);
    expect(quoteForShell("/tmp/it's.txt", 'nu')).toBe("r#'/tmp/it's.txt'#");
    expect(quoteForShell("/tmp/a'#b'##c.txt", 'nu')).toBe("r###'/tmp/a'#b'##c.txt'###");
  });

  it('PowerShell: single quotes, in which $ and backticks stay as typed, and quotes doubled', () => {
    expect(quoteForShell('C:\\Users\\ada\\My Notes.txt', 'powershell')).toBe(
      "'C:\\Users\\ada\\My Notes.txt'",
    );
    expect(quoteForShell("C:\\it's $env:TEMP `n Ada\u2019s.txt", 'powershell')).toBe(
      "'C:\\it''s $env:TEMP `n Ada\u2019\u2019s.txt'",
    );
  });

  it('cmd: double quotes, with each % outside them so that no %NAME% expands', () => {
    expect(quoteForShell('C:\\Users\\ada\\My Notes.txt', 'cmd')).toBe(
      '"C:\\Users\\ada\\My Notes.txt"',
    );
    expect(quoteForShell('C:\\tmp\\%PATH%\\100% done.txt', 'cmd')).toBe(
      '"C:\\tmp\\\\"%"PATH"%"\\100"%" done.txt"',
    );
    // A drive's root: `\"` would be read as a quote in the word.
    expect(quoteForShell('C:\\', 'cmd')).toBe('"C:\\\\"');
  });

  it('types each path as a word followed by a space', () => {
    expect(shellWords(['/a b', '/c'], 'posix')).toBe("'/a b' /c ");
  });
});

describe('acceptFileDrops', () => {
  it('hands over the paths and keeps the page from navigating', () => {
    const element = document.createElement('div');
    document.body.append(element);
    const file = new File(['x'], 'notes.txt');
    const got: string[][] = [];
    const stop = acceptFileDrops(
      element,
      (paths) => got.push(paths),
      () => '/home/ada/notes.txt',
    );
    expect(dropFiles(element, [file])).toEqual({ overCancelled: true, dropCancelled: true });
    expect(got).toEqual([['/home/ada/notes.txt']]);
    stop();
    element.remove();
  });

  it('in browser mode (no paths) does nothing, but still never navigates', () => {
    const element = document.createElement('div');
    document.body.append(element);
    const got: string[][] = [];
    acceptFileDrops(element, (paths) => got.push(paths));
    expect(dropFiles(element, [new File(['x'], 'notes.txt')])).toEqual({
      overCancelled: true,
      dropCancelled: true,
    });
    expect(got).toEqual([]);
    element.remove();
  });

  it('leaves a drag of text alone', () => {
    const element = document.createElement('div');
    acceptFileDrops(
      element,
      () => undefined,
      () => '/x',
    );
    expect(
      fireEvent.dragOver(element, { dataTransfer: { types: ['text/plain'], files: [] } }),
    ).toBe(true);
  });
});

describe('the agent composer', () => {
  it('inserts a dropped file’s path at the caret', () => {
    const file = new File(['x'], 'plan.md');
    Object.assign(window, {
      tether: { pathForFile: (dropped: File) => (dropped === file ? '/w/plan.md' : '') },
    });
    render(
      <Composer
        slashCommands={[]}
        prompts={[]}
        busy={false}
        onSend={() => undefined}
        onInterrupt={() => undefined}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Message Claude' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'read  please' } });
    box.setSelectionRange(5, 5);
    expect(dropFiles(box, [file]).dropCancelled).toBe(true);
    expect(box.value).toBe('read /w/plan.md please');
    Reflect.deleteProperty(window, 'tether');
  });
});
