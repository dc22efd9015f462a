// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { AGENT_ID, renderBlock } from '../testing/render-block';
import { KEY_GUARD_MS } from './use-answer-guard';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type Request = AgentEvent & { type: 'permission_request' };

const request = (id: string, extra: Partial<Request> = {}): Request => ({
  type: 'permission_request',
  request_id: id,
  tool_name: 'Bash',
  input: { command: `echo ${id}` },
  tool_use_id: `tool-${id}`,
  suggestions: [
    {
      type: 'addRules',
      rules: [{ toolName: 'Bash', ruleContent: `echo ${id}` }],
      behavior: 'allow',
      destination: 'localSettings',
    },
  ],
  ...extra,
});

const dialog = () => screen.getByRole('dialog');

async function withPrompt(...events: AgentEvent[]) {
  const block = await renderBlock();
  screen.getByRole('textbox', { name: 'Message Claude' }).focus();
  await block.push(...events);
  return block;
}

describe('PermissionDialog with what the CLI says about a request', () => {
  it('uses the CLI’s title and description as the prompt text and shows why it asks', async () => {
    await withPrompt(
      request('r1', {
        title: 'Claude wants to delete the build folder',
        display_name: 'Shell',
        description: 'Remove build output',
        decision_reason: 'Matches the ask rule Bash(rm:*)',
      }),
    );
    expect(screen.getByText('Claude wants to delete the build folder')).toBeTruthy();
    expect(dialog().textContent).toContain('Remove build output');
    expect(dialog().textContent).toContain('Why it asks: Matches the ask rule Bash(rm:*)');
    expect(dialog().textContent).not.toContain('Allow Bash?');
  });

  it('names the tool by its display name when the CLI gives no title', async () => {
    await withPrompt(request('r1', { display_name: 'Shell command' }));
    expect(screen.getByText('Allow Shell command?')).toBeTruthy();
  });

  it('offers no "Always allow" when the CLI suppresses the rule: a does nothing', async () => {
    const { host, settle } = await withPrompt(request('r1', { suppress_always_allow_rule: true }));
    expect(screen.queryByRole('button', { name: 'Always allow' })).toBeNull();
    expect(dialog().textContent).not.toContain('keeps the rule');
    await settle(KEY_GUARD_MS);
    fireEvent.keyDown(dialog(), { key: 'a' });
    await settle();
    expect(host.paramsOf('answerPermission')).toEqual([]);
    fireEvent.keyDown(dialog(), { key: 'y' });
    await settle();
    expect(host.paramsOf('answerPermission')).toEqual([
      { agentId: AGENT_ID, requestId: 'r1', decision: { behavior: 'allow' } },
    ]);
  });

  it('focuses Deny and lets no single key approve when the CLI defaults to no', async () => {
    const { host, settle } = await withPrompt(request('r1', { default_to_no: true }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Deny' }));
    await settle(KEY_GUARD_MS);
    fireEvent.keyDown(dialog(), { key: 'y' });
    fireEvent.keyDown(dialog(), { key: 'a' });
    await settle();
    expect(host.paramsOf('answerPermission')).toEqual([]);
    expect(dialog().textContent).toContain('no single key allows it');
    // Allowing stays possible, deliberately, with the mouse or Tab and Space.
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await settle();
    expect(host.paramsOf('answerPermission')).toEqual([
      { agentId: AGENT_ID, requestId: 'r1', decision: { behavior: 'allow' } },
    ]);
  });

  it('says in plain words, naming the mode as the header does, what switching to Accept edits lets run without asking', async () => {
    await withPrompt(
      request('r1', {
        tool_name: 'Write',
        input: { file_path: '/work/a.txt', content: 'a' },
        suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
      }),
    );
    const text = dialog().textContent ?? '';
    expect(text).toContain('switch to the “Accept edits” mode');
    expect(text).not.toContain('acceptEdits');
    expect(text).toMatch(/File edits and common filesystem commands \(such as .*rm.*mv/);
    expect(text).toContain('without asking');
  });

  it('says which subagent asks, by the description the main conversation gave it', async () => {
    await withPrompt(
      {
        type: 'tool_use',
        id: 'agent-tool',
        name: 'Agent',
        input: { description: 'List the files', subagent_type: 'general-purpose', prompt: 'ls' },
        parent_tool_use_id: null,
      },
      {
        type: 'tool_use',
        id: 'tool-r1',
        name: 'Bash',
        input: { command: 'echo r1' },
        parent_tool_use_id: 'agent-tool',
      },
      request('r1', { agent_id: 'a55c56507ec06fe36' }),
    );
    expect(dialog().textContent).toContain(
      'Asked by the subagent “List the files” (general-purpose).',
    );
  });

  it('names a subagent it cannot place by its id, and the main conversation not at all', async () => {
    const { push } = await withPrompt(request('r1', { agent_id: 'a1b2' }));
    expect(dialog().textContent).toContain('Asked by a subagent (a1b2).');
    await push({ type: 'permission_cancelled', request_id: 'r1' }, request('r2'));
    expect(dialog().textContent).not.toContain('Asked by');
  });

  it('keeps each agent’s request by its id: a withdrawn one closes only its own dialog', async () => {
    const { push, settle, host } = await withPrompt(
      request('main', {}),
      request('sub-a', { agent_id: 'agent-a' }),
      request('sub-b', { agent_id: 'agent-b' }),
    );
    expect(dialog().textContent).toContain('$ echo main');
    expect(dialog().textContent).toContain('1 of 3 waiting');
    // Withdrawing one that waits behind leaves the one shown open, with its key guard running.
    await push({ type: 'permission_cancelled', request_id: 'sub-a' });
    expect(dialog().textContent).toContain('$ echo main');
    expect(dialog().textContent).toContain('1 of 2 waiting');
    // Withdrawing the one shown brings the next.
    await push({ type: 'permission_cancelled', request_id: 'main' });
    expect(dialog().textContent).toContain('$ echo sub-b');
    expect(dialog().textContent).toContain('Asked by a subagent (agent-b).');
    expect(dialog().textContent).not.toContain('waiting');
    await settle(KEY_GUARD_MS);
    fireEvent.keyDown(dialog(), { key: 'y' });
    await settle();
    expect(host.paramsOf('answerPermission')).toEqual([
      { agentId: AGENT_ID, requestId: 'sub-b', decision: { behavior: 'allow' } },
    ]);
  });
});

describe('PermissionDialog keys', () => {
  it('denies with the reason when Enter is pressed in the reason field', async () => {
    const block = await withPrompt(request('e1'));
    await block.settle(KEY_GUARD_MS);
    const reason = screen.getByRole('textbox', { name: /Reason for denying/ });
    fireEvent.change(reason, { target: { value: 'Not in this folder' } });
    fireEvent.keyDown(reason, { key: 'Enter' });
    await block.settle();
    expect(block.host.paramsOf('answerPermission')).toEqual([
      {
        agentId: AGENT_ID,
        requestId: 'e1',
        decision: { behavior: 'deny', message: 'Not in this folder' },
      },
    ]);
  });
});

describe('PermissionDialog arming', () => {
  it('shows that keys are not taken yet while they are not, then stops', async () => {
    const block = await withPrompt(request('a1'));
    expect(screen.getByRole('progressbar', { name: 'Getting ready for keys' })).toBeTruthy();
    await block.settle(KEY_GUARD_MS);
    expect(screen.queryByRole('progressbar', { name: 'Getting ready for keys' })).toBeNull();
  });
});
