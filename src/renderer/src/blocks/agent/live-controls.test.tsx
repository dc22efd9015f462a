// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../../shared/agent-event';
import { AGENT_ID, renderBlock } from './testing/render-block';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const started: AgentEvent = {
  type: 'session_started',
  session_id: 's1',
  model: 'claude-opus-5-5',
  cwd: '/work',
  permission_mode: 'default',
  tools: [],
  slash_commands: ['compact', 'cost'],
};

const models: AgentEvent = {
  type: 'models',
  models: [
    { value: 'default', display_name: 'Default (recommended)', resolved_model: 'claude-opus-5-5' },
    { value: 'sonnet', display_name: 'Sonnet', resolved_model: 'claude-sonnet-5-5' },
    { value: 'haiku', display_name: 'Haiku', resolved_model: 'claude-haiku-5-5' },
  ],
};

const completions = () =>
  within(screen.getByRole('listbox', { name: 'Slash commands' })).getAllByRole('option');

const box = () => screen.getByRole('textbox', { name: 'Message Claude' }) as HTMLTextAreaElement;

describe('Model picker', () => {
  it('lists the models the session named and switches with set_model', async () => {
    const { host, push } = await renderBlock();
    await push(started, models);
    const picker = screen.getByRole('combobox', { name: 'Model' }) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.textContent)).toEqual([
      'Default (recommended)',
      'Sonnet',
      'Haiku',
    ]);
    expect(picker.value).toBe('default');
    fireEvent.change(picker, { target: { value: 'haiku' } });
    await push();
    expect(host.paramsOf('setAgentModel')).toEqual([{ agentId: AGENT_ID, model: 'haiku' }]);
    expect(picker.value).toBe('haiku');
    // The next turn's init names the model the alias stands for.
    await push({ ...started, model: 'claude-haiku-5-5' });
    expect(picker.value).toBe('haiku');
  });

  it('goes back to the session’s model and says why when the switch was refused', async () => {
    const { host, push } = await renderBlock();
    host.replies.setAgentModel = () => Promise.reject(new Error('Claude Code refused the model.'));
    await push(started, models);
    const picker = screen.getByRole('combobox', { name: 'Model' }) as HTMLSelectElement;
    fireEvent.change(picker, { target: { value: 'sonnet' } });
    await push();
    expect(picker.value).toBe('default');
    expect(screen.getByText(/Claude Code refused the model/)).toBeTruthy();
  });

  it('shows the model as text until the session lists models', async () => {
    const { push } = await renderBlock();
    await push(started);
    expect(screen.queryByRole('combobox', { name: 'Model' })).toBeNull();
    expect(screen.getByText('claude-opus-5-5')).toBeTruthy();
  });
});

describe('Context meter', () => {
  it('shows the CLI’s own count of the context, not the turn’s summed usage', async () => {
    const { push } = await renderBlock();
    await push(started, {
      type: 'cost',
      cost_usd: 0.1,
      // Three API calls: their usage sums to 30,000, the last one read 12,000.
      usage: {
        input_tokens: 30_000,
        output_tokens: 100,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
      context_tokens: 12_000,
      context_window: 200_000,
    });
    const meter = () => screen.getByRole('meter', { name: 'Context used' });
    expect(meter().getAttribute('aria-valuenow') ?? meter().getAttribute('value')).toBe('12000');
    expect(screen.getByText(/6% context/)).toBeTruthy();
    await push({ type: 'context_usage', tokens: 50_000, window: 1_000_000 });
    expect(meter().getAttribute('aria-valuenow') ?? meter().getAttribute('value')).toBe('50000');
    expect(screen.getByText(/5% context/)).toBeTruthy();
  });

  it('opens "Context usage" from the meter where the workspace offers it', async () => {
    const onShowContextUsage = vi.fn();
    const { push } = await renderBlock(undefined, {}, { onShowContextUsage });
    await push(started, { type: 'context_usage', tokens: 50_000, window: 1_000_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Context usage, 5% context' }));
    expect(onShowContextUsage).toHaveBeenCalledOnce();
  });
});

describe('Slash completion', () => {
  it('lists every command the session announced with its description; commands_changed replaces them', async () => {
    const { push } = await renderBlock();
    await push(started, {
      type: 'slash_commands',
      commands: [
        { name: 'compact', description: 'Clear history but keep a summary' },
        { name: 'context', description: 'Show context usage' },
        { name: 'code-review', description: 'Review the diff', argument_hint: '[level]' },
      ],
    });
    act(() => box().focus());
    fireEvent.change(box(), { target: { value: '/co' } });
    await push();
    const options = completions();
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([
      '/compact',
      '/context',
      '/code-review',
    ]);
    expect(options[0]!.textContent).toContain('Clear history but keep a summary');
    expect(options[2]!.textContent).toContain('[level]');
    // A later init names commands without descriptions: the described list stays.
    await push(started);
    expect(completions()).toHaveLength(3);
    await push({ type: 'slash_commands', commands: [{ name: 'cost', description: 'Show cost' }] });
    expect(completions().map((o) => o.getAttribute('aria-label'))).toEqual(['/cost']);
  });
});

describe('Prompt suggestion', () => {
  it('offers the suggestion after a turn: Tab takes it', async () => {
    const { push } = await renderBlock();
    await push(
      started,
      { type: 'done', response: 'ok' },
      { type: 'prompt_suggestion', text: 'Run the tests' },
    );
    expect(box().placeholder).toBe('Run the tests');
    expect(screen.getByText(/Tab takes it/)).toBeTruthy();
    act(() => box().focus());
    fireEvent.keyDown(box(), { key: 'Tab' });
    await push();
    expect(box().value).toBe('Run the tests');
    expect(screen.queryByText(/Tab takes it/)).toBeNull();
  });

  it('sets it aside on any other key, which does what it always does', async () => {
    const { host, push } = await renderBlock();
    await push(started, { type: 'prompt_suggestion', text: 'Run the tests' });
    act(() => box().focus());
    fireEvent.keyDown(box(), { key: 'x' });
    fireEvent.change(box(), { target: { value: 'x' } });
    await push();
    expect(screen.queryByText(/Tab takes it/)).toBeNull();
    fireEvent.change(box(), { target: { value: '' } });
    await push();
    expect(box().placeholder).not.toBe('Run the tests');
    fireEvent.keyDown(box(), { key: 'Tab' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(host.paramsOf('sendAgentMessage')).toEqual([]);
  });
});

describe('Prompts on their way', () => {
  it('shows a prompt sent during a turn as queued, by its uuid, until it starts', async () => {
    const { host, push } = await renderBlock();
    await push(started);
    fireEvent.change(box(), { target: { value: 'next, please' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await push();
    const { uuid } = host.paramsOf('sendAgentMessage')[0] as { uuid: string };
    const sending = () => screen.getByRole('status', { name: 'Sending' }).textContent;
    expect(sending()).toContain('You · sending');
    await push({ type: 'prompt_state', uuid, state: 'queued' });
    expect(sending()).toContain('You · queued: runs after the current turn');
    expect(sending()).toContain('next, please');
    await push(
      { type: 'prompt_state', uuid, state: 'started' },
      { type: 'user_message', text: 'next, please' },
    );
    expect(screen.queryByRole('status', { name: 'Sending' })).toBeNull();
  });
});

describe('Copy as Markdown', () => {
  it('copies the reply’s Markdown without raw HTML or images that a viewer would run or load', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { push } = await renderBlock();
    await push({
      type: 'assistant_text',
      text: 'See **this** <img src=x onerror=alert(1)> ![p](https://t.example/p.png)',
      parent_tool_use_id: null,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy as Markdown' }));
    expect(writeText).toHaveBeenCalledWith(
      'See **this** &lt;img src=x onerror=alert(1)> [image: p](https://t.example/p.png)',
    );
  });
});
