// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Composer } from '../agent/composer/Composer';
import { acceptFileDrops, localPlatform, quoteForShell, shellWords } from './dropped-files';

afterEach(cleanup);

describe('quoteForShell', () => {
  it('leaves a plain POSIX path alone and single-quotes any other', () => {
    expect(quoteForShell('/home/ada/notes.txt', 'linux')).toBe('/home/ada/notes.txt');
    expect(quoteForShell('/Users/ada/My Notes.txt', 'darwin')).toBe("'/Users/ada/My Notes.txt'");
    expect(quoteForShell("/tmp/it's $HOME `x`", 'linux')).toBe(`'/tmp/it'\\''s $HOME \`x\`'`);
  });

  it('double-quotes on Windows, for cmd and PowerShell alike', () => {
    expect(quoteForShell('C:\\Users\\ada\\My Notes.txt', 'win32')).toBe(
      '"C:\\Users\\ada\\My Notes.txt"',
    );
    expect(quoteForShell('C:\\x.txt', 'win32')).toBe('"C:\\x.txt"');
  });

  it('types each path as a word followed by a space', () => {
    expect(shellWords(['/a b', '/c'], 'linux')).toBe("'/a b' /c ");
  });

  it('knows a Windows renderer by its user agent', () => {
    expect(localPlatform('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Electron/45')).toBe('win32');
    expect(localPlatform('Mozilla/5.0 (X11; Linux x86_64) Electron/45')).toBe('posix');
  });
});

/** A drop of files as Chromium dispatches it. */
function drop(target: Element, files: File[]) {
  const dataTransfer = { types: ['Files'], files, dropEffect: 'none' };
  const over = fireEvent.dragOver(target, { dataTransfer });
  const dropped = fireEvent.drop(target, { dataTransfer });
  return { overCancelled: !over, dropCancelled: !dropped };
}

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
    expect(drop(element, [file])).toEqual({ overCancelled: true, dropCancelled: true });
    expect(got).toEqual([['/home/ada/notes.txt']]);
    stop();
    element.remove();
  });

  it('in browser mode (no paths) does nothing, but still never navigates', () => {
    const element = document.createElement('div');
    document.body.append(element);
    const got: string[][] = [];
    acceptFileDrops(element, (paths) => got.push(paths));
    expect(drop(element, [new File(['x'], 'notes.txt')])).toEqual({
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
    expect(drop(box, [file]).dropCancelled).toBe(true);
    expect(box.value).toBe('read /w/plan.md please');
    Reflect.deleteProperty(window, 'tether');
  });
});
