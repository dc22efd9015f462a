import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { vi } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import type { BlockSpec } from '../../../../../shared/workspace-state';
import type { BlockProps } from '../../registry';
import { AgentBlock } from '../AgentBlock';
import { FakeHost } from './fake-host';
import { giveTranscriptAViewport } from './layout';

export const AGENT_ID = 'block-test';

/**
 * Mounts an agent block against a fake host, as the workspace does (in StrictMode, so effects run
 * twice as in development). Use with `vi.useFakeTimers()`: `settle` lets promises resolve and
 * animation frames run.
 */
export async function renderBlock(
  host = new FakeHost(),
  spec: Partial<BlockSpec> = {},
  props: Pick<BlockProps, 'onForkAgent' | 'onShowContextUsage'> = {},
) {
  giveTranscriptAViewport();
  const onSpecChange = vi.fn();
  const onActivity = vi.fn();
  const element = (patch: Partial<BlockSpec>) => (
    <StrictMode>
      <AgentBlock
        blockId={AGENT_ID}
        spec={{ kind: 'agent', cwd: '/work', ...patch }}
        api={host.api}
        onSpecChange={onSpecChange}
        handleRef={() => undefined}
        onActivity={onActivity}
        {...props}
      />
    </StrictMode>
  );
  const view = render(element(spec));
  /** The workspace changing the block's spec (a rename, a new session id). */
  const respec = async (patch: Partial<BlockSpec>) => {
    view.rerender(element({ ...spec, ...patch }));
    await settle();
  };
  const settle = (ms = 20) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  const push = async (...events: AgentEvent[]) => {
    act(() => host.emit('agentEvents', { agentId: AGENT_ID, events }));
    await settle();
  };
  await settle();
  return { host, view, onSpecChange, onActivity, settle, push, respec };
}
