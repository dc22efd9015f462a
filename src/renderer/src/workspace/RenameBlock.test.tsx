// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenameBlock } from './RenameBlock';

afterEach(cleanup);

function open() {
  const onRename = vi.fn();
  const onCancel = vi.fn();
  render(<RenameBlock current="Terminal · src" onRename={onRename} onCancel={onCancel} />);
  return { onRename, onCancel, user: userEvent.setup() };
}

describe('RenameBlock', () => {
  it('starts in the name field with the current title selected, so typing replaces it', async () => {
    const { onRename, user } = open();
    const input = screen.getByRole('textbox', { name: 'Block name' });
    expect(document.activeElement).toBe(input);
    // Named on screen, not only for a screen reader, with what the keys do.
    expect(input.closest('label')?.textContent).toBe('Block name');
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Enter renames it, Escape leaves it as it was/,
    );
    await user.keyboard('  build watcher {Enter}');
    expect(onRename).toHaveBeenCalledWith('build watcher');
  });

  it('gives back the automatic title for an empty name, and Escape changes nothing', async () => {
    const { onRename, onCancel, user } = open();
    await user.keyboard('{Backspace}{Enter}');
    expect(onRename).toHaveBeenCalledWith('');
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
