// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appearanceSettings } from '../../shared/settings';
import { App } from './App';
import { FakeHost } from './blocks/agent/testing/fake-host';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page of browser mode on a Mac, served by Tether on Linux. */
async function openOnMacFromLinux() {
  vi.spyOn(Object.getPrototypeOf(navigator) as Navigator, 'platform', 'get').mockReturnValue(
    'MacIntel',
  );
  // jsdom has no media queries; the page asks for the system's colour scheme.
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  }));
  const host = new FakeHost();
  host.replies.getAppInfo = {
    workspaceDir: '/work',
    platform: 'linux',
    shell: '/bin/bash',
    notifications: { needsYou: false, done: false, error: false },
    appearance: appearanceSettings({}),
  };
  host.replies.loadWorkspace = { version: 1, layout: null, blocks: {}, focused: null };
  render(<App api={host.api} problem={null} />);
  await act(async () => {});
}

describe('App', () => {
  it('shows and takes the shortcuts of the keyboard in front of the user, not the host’s', async () => {
    await openOnMacFromLinux();
    fireEvent.keyDown(window, { key: 'P', code: 'KeyP', metaKey: true, shiftKey: true });
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    const keysOf = (title: string) =>
      [...palette.querySelectorAll('li')]
        .find((item) => item.firstElementChild?.textContent === title)
        ?.querySelector('kbd')?.textContent;
    expect(keysOf('Find in transcript')).toBe('⌘F');
    expect(keysOf('Find in terminal')).toBe('⌘⇧F');
  });
});
