// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CloseConfirm } from './CloseConfirm';

afterEach(cleanup);

function open() {
  const onClose = vi.fn();
  const onCancel = vi.fn();
  render(<CloseConfirm title="Terminal · src" onClose={onClose} onCancel={onCancel} />);
  return { onClose, onCancel, user: userEvent.setup() };
}

describe('CloseConfirm', () => {
  it('is named for the block and starts on Cancel, so Enter keeps the block', async () => {
    const { onClose, onCancel, user } = open();
    screen.getByRole('dialog', { name: 'Close Terminal · src?' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with Enter once Tab has moved to Close, and Tab wraps between the two', async () => {
    const { onClose, user } = open();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('cancels on Escape', async () => {
    const { onClose, onCancel, user } = open();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });
});
