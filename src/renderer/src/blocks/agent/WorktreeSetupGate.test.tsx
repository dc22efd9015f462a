// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventPayload } from '../../../../shared/contract/host';
import type { HostApi } from '../../../../shared/host-api';
import type { BlockSpec } from '../../../../shared/workspace-state';
import { AgentAfterSetup } from './WorktreeSetupGate';

afterEach(cleanup);

const path = '/src/app.worktrees/agent-k3f9';

/** The gate with an api whose only part is the terminal's exit, sent by `exit`. */
function gate(setup: NonNullable<BlockSpec['setup']>) {
  const listeners = new Set<(payload: EventPayload<'terminalExit'>) => void>();
  const api = {
    onEvent: (_name: string, listener: (payload: EventPayload<'terminalExit'>) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as HostApi;
  const onSpecChange = vi.fn();
  const onActivity = vi.fn();
  const spec: BlockSpec = { kind: 'agent', cwd: path, setup };
  const view = render(
    <AgentAfterSetup
      blockId="block-1"
      spec={spec}
      api={api}
      onSpecChange={onSpecChange}
      handleRef={() => undefined}
      onActivity={onActivity}
    />,
  );
  const exit = (terminalId: string, exitCode: number) =>
    act(() => listeners.forEach((listener) => listener({ terminalId, exitCode, signal: null })));
  return { view, exit, onSpecChange, onActivity, listeners };
}

describe('an agent block waiting for its worktree set-up', () => {
  it('waits in one line, and starts when its own set-up terminal exits 0', () => {
    const { exit, onSpecChange, onActivity } = gate({ command: 'npm ci', terminal: 'block-2' });
    expect(screen.getByRole('status').textContent).toBe('Waiting for the worktree set-up: npm ci');
    expect(onActivity).toHaveBeenLastCalledWith(
      expect.objectContaining({ status: 'Starting', detail: 'Waiting for the worktree set-up' }),
    );
    exit('block-9', 0);
    expect(onSpecChange).not.toHaveBeenCalled();
    exit('block-2', 0);
    expect(onSpecChange).toHaveBeenCalledWith({ setup: undefined });
  });

  it('keeps the exit code of a failed set-up', () => {
    const { exit, onSpecChange } = gate({ command: 'npm ci', terminal: 'block-2' });
    exit('block-2', 1);
    expect(onSpecChange).toHaveBeenCalledWith({
      setup: { command: 'npm ci', terminal: 'block-2', exitCode: 1 },
    });
  });

  it('says plainly that it failed and where the worktree is; Start the agent anyway', async () => {
    const { onSpecChange, onActivity, listeners } = gate({
      command: 'npm ci',
      terminal: 'block-2',
      exitCode: 1,
    });
    expect(screen.getByRole('alert').textContent).toBe(
      `The worktree set-up failed: npm ci exited with code 1. The worktree is left at ${path} for you, as it is.Start the agent anyway`,
    );
    expect(onActivity).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'Error' }));
    // A failed set-up listens no more: a later exit changes nothing.
    expect(listeners.size).toBe(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start the agent anyway' }));
    expect(onSpecChange).toHaveBeenCalledWith({ setup: undefined });
  });
});
