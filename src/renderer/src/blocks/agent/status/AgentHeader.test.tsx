// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { AGENT_ID, renderBlock } from '../testing/render-block';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const header = () =>
  screen.getByRole('status', { name: 'Session status' }).closest('.agent-header')!;
const status = () => screen.getByRole('status', { name: 'Session status' }).textContent;

const started = (patch: Partial<AgentEvent & { type: 'session_started' }> = {}): AgentEvent => ({
  type: 'session_started',
  session_id: 's1',
  model: 'claude-opus-5-5',
  cwd: '/home/me/project',
  permission_mode: 'default',
  tools: [],
  slash_commands: [],
  ...patch,
});

const text = (delta: string, parent: string | null = null): AgentEvent => ({
  type: 'assistant_text',
  text: delta,
  parent_tool_use_id: parent,
});

describe('agent header', () => {
  it('shows neither the folder (the block title has it) nor a model before one is known', async () => {
    const { host, push } = await renderBlock();
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state: 'ready', pid: 1 } }));
    await push();
    expect(header().textContent).not.toContain('/work');
    expect(header().textContent).not.toMatch(/model/i);
    await push(started());
    expect(header().textContent).not.toContain('/home/me/project');
    expect(header().textContent).toContain('claude-opus-5-5');
  });

  it('names the permission modes as people say them', async () => {
    const { push } = await renderBlock();
    await push(started({ permission_mode: 'auto' }));
    const modes = screen.getByRole('combobox', { name: 'Permission mode' }) as HTMLSelectElement;
    expect([...modes.options].map((option) => option.textContent)).toEqual([
      'Ask before edits',
      'Accept edits',
      'Plan',
      'Bypass permissions',
      'Auto',
    ]);
    expect(modes.value).toBe('auto');
  });

  it('says Thinking, Writing or Running <tool> from the turn’s events, with a spinner', async () => {
    const { host, push, settle } = await renderBlock();
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state: 'ready', pid: 1 } }));
    await push(started());
    expect(status()).toBe('Idle');
    expect(header().querySelector('.agent-spinner')).toBeNull();
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state: 'busy' } }));
    await push({ type: 'user_message', text: 'go' });
    expect(status()).toBe('Thinking');
    expect(header().querySelector('.agent-spinner')).not.toBeNull();
    await push({ type: 'thinking', text: 'Let me see', parent_tool_use_id: null });
    expect(status()).toBe('Thinking');
    await push(text('I will list '));
    expect(status()).toBe('Writing');
    await push({
      type: 'tool_use',
      id: 't1',
      name: 'Bash',
      input: { command: 'ls' },
      parent_tool_use_id: null,
    });
    expect(status()).toBe('Running Bash');
    // A subagent's own words do not make the main turn "Writing".
    await push(text('sub', 't1'));
    expect(status()).toBe('Running Bash');
    await push({
      type: 'tool_result',
      tool_use_id: 't1',
      content: 'a',
      is_error: false,
      parent_tool_use_id: null,
    });
    expect(status()).toBe('Thinking');
    // The turn's time is the block frame's ("Working · 1:05"), not repeated here.
    await settle(65_000);
    expect(header()!.textContent).not.toMatch(/\d:\d\d/);
    await push(text('Done.'), { type: 'done', response: 'Done.' });
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state: 'idle' } }));
    await settle();
    expect(status()).toBe('Idle');
  });
});
