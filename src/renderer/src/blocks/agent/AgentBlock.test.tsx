// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionLifecycle } from '../../../../shared/agent-control';
import type { AgentEvent } from '../../../../shared/agent-event';
import { DRAFT_DELAY_MS } from './composer/use-draft';
import { KEY_GUARD_MS } from './permission/use-answer-guard';
import { FakeHost } from './testing/fake-host';
import { BACKGROUND_FRAME_MS, BUSY_MS } from '../input-first';
import { AGENT_ID, renderBlock } from './testing/render-block';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const bashRequest = (id: string, command = 'rm -rf build'): AgentEvent => ({
  type: 'permission_request',
  request_id: id,
  tool_name: 'Bash',
  input: { command },
  tool_use_id: `tool-${id}`,
  description: 'Remove the build directory',
  blocked_path: '/work/build',
  suggestions: [
    {
      type: 'addRules',
      rules: [{ toolName: 'Bash', ruleContent: command }],
      behavior: 'allow',
      destination: 'localSettings',
    },
  ],
});

const dialog = () => screen.getByRole('dialog', { name: 'Permission request: Bash' });

async function withPrompt(...requests: AgentEvent[]) {
  const block = await renderBlock();
  screen.getByRole('textbox', { name: 'Message Claude' }).focus();
  await block.push(...requests);
  return block;
}

describe('while the user types in another block', () => {
  it('draws what streams here ten times a second, and at once again after', async () => {
    const { push, settle } = await renderBlock();
    const other = document.body.appendChild(document.createElement('div'));
    other.dataset['blockId'] = 'typing';
    const box = other.appendChild(document.createElement('textarea'));
    box.focus();
    fireEvent.keyDown(box, { key: 'a' });
    const delta = (text: string): AgentEvent => ({
      type: 'assistant_text',
      text,
      parent_tool_use_id: null,
    });
    await push(delta('Streamed while they type.'));
    expect(screen.queryByText(/Streamed while they type/)).toBeNull();
    await settle(BACKGROUND_FRAME_MS);
    expect(screen.getByText(/Streamed while they type/)).toBeTruthy();
    await settle(BUSY_MS);
    await push(delta(' And after.'));
    expect(screen.getByText(/And after/)).toBeTruthy();
    other.remove();
  });
});

describe('AgentBlock session', () => {
  it('opens its agent once (also under StrictMode), resuming the saved session', async () => {
    const { host } = await renderBlock(new FakeHost(), { sessionId: 'session-1' });
    expect(host.paramsOf('openAgent')).toEqual([
      { agentId: AGENT_ID, cwd: '/work', resumeSessionId: 'session-1' },
    ]);
    expect(host.paramsOf('closeAgent')).toEqual([]);
  });

  it('closes its agent when the block goes away, keeping its history to reopen it', async () => {
    const { host, view, settle } = await renderBlock();
    view.unmount();
    await settle();
    expect(host.paramsOf('closeAgent')).toEqual([{ agentId: AGENT_ID }]);
  });

  it('keeps the announced session id in the block spec, so a restart resumes it', async () => {
    const { push, onSpecChange } = await renderBlock();
    await push({
      type: 'session_started',
      session_id: 'abc',
      model: 'claude-test',
      cwd: '/work',
      permission_mode: 'default',
      tools: [],
      slash_commands: [],
    });
    expect(onSpecChange).toHaveBeenCalledWith({ sessionId: 'abc' });
    expect(screen.getByText('claude-test')).toBeTruthy();
  });

  it('keeps what is typed in the block spec, and starts from it after a reload', async () => {
    const { onSpecChange, settle } = await renderBlock(new FakeHost(), {
      draft: { text: 'half a' },
    });
    const box = screen.getByRole('textbox', { name: 'Message Claude' }) as HTMLTextAreaElement;
    expect(box.value).toBe('half a');
    fireEvent.change(box, { target: { value: 'half a thought' } });
    await settle(DRAFT_DELAY_MS);
    expect(onSpecChange).toHaveBeenCalledWith({ draft: { text: 'half a thought' } });
  });

  it('names its Claude session when the user renames the block, not when it opens', async () => {
    const { host, respec } = await renderBlock(new FakeHost(), { title: 'Old name' });
    expect(host.paramsOf('renameAgent')).toEqual([]);
    await respec({ title: 'Parser work' });
    await respec({ title: 'Parser work' });
    expect(host.paramsOf('renameAgent')).toEqual([{ agentId: AGENT_ID, title: 'Parser work' }]);
  });

  it('shows the history it opened with, then live events', async () => {
    const host = new FakeHost();
    host.replies.openAgent = {
      cwd: '/work',
      history: [{ type: 'user_message', text: 'from the log' }],
    };
    const { push } = await renderBlock(host);
    await push({ type: 'assistant_text', text: 'live reply', parent_tool_use_id: null });
    const log = screen.getByRole('log', { name: 'Transcript' });
    expect(log.textContent).toContain('from the log');
    expect(log.textContent).toContain('live reply');
  });

  it('says why the session failed to start and offers a restart', async () => {
    const { host, settle } = await renderBlock();
    act(() =>
      host.emit('agentState', {
        agentId: AGENT_ID,
        state: {
          state: 'exited',
          code: 1,
          signal: null,
          reason: 'failed_to_start',
          message: 'Invalid API key · Please run /login',
        },
      }),
    );
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Invalid API key · Please run /login');
    // The composer says why nothing can be sent, and keeps what was typed rather than losing it.
    const composer = screen.getByRole('textbox', { name: 'Message Claude' }) as HTMLTextAreaElement;
    expect(composer.readOnly).toBe(true);
    expect(composer.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(composer.getAttribute('aria-describedby')!)!.textContent,
    ).toContain('Restart the session');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(composer, { key: 'Enter' });
    await settle();
    expect(host.paramsOf('sendAgentMessage')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Restart session' }));
    await settle();
    expect(host.paramsOf('closeAgent')).toEqual([{ agentId: AGENT_ID }]);
    expect(host.paramsOf('openAgent')).toHaveLength(2);
  });

  it('says plainly when Claude Code stops answering mid-turn, and restarts it resuming the session', async () => {
    const { host, settle } = await renderBlock(new FakeHost(), { sessionId: 'session-1' });
    const setState = (state: SessionLifecycle) =>
      act(() => host.emit('agentState', { agentId: AGENT_ID, state }));
    setState({ state: 'busy' });
    setState({ state: 'unresponsive', since: Date.now() - 60_000 });
    await settle();
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('Claude Code is not responding');
    expect(notice.textContent).toContain('No answer for 60 s. It may be stopped or stuck.');
    expect(screen.getByRole('status', { name: 'Session status' }).textContent).toBe(
      'Not responding',
    );
    await settle(5000);
    expect(notice.textContent).toContain('No answer for 65 s.');

    fireEvent.click(screen.getByRole('button', { name: 'Restart session' }));
    await settle();
    expect(host.paramsOf('closeAgent')).toEqual([{ agentId: AGENT_ID }]);
    expect(host.paramsOf('openAgent')).toEqual([
      { agentId: AGENT_ID, cwd: '/work', resumeSessionId: 'session-1' },
      { agentId: AGENT_ID, cwd: '/work', resumeSessionId: 'session-1' },
    ]);
  });

  it('drops the not-responding notice once the CLI is heard from again', async () => {
    const { host, settle } = await renderBlock();
    act(() =>
      host.emit('agentState', { agentId: AGENT_ID, state: { state: 'unresponsive', since: 0 } }),
    );
    await settle();
    expect(screen.getByRole('button', { name: 'Restart session' })).toBeTruthy();
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state: 'busy' } }));
    await settle();
    expect(screen.queryByRole('button', { name: 'Restart session' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Session status' }).textContent).toBe('Thinking');
  });

  it('puts a message the host could not send back into the composer, and says why', async () => {
    const host = new FakeHost();
    host.replies.sendAgentMessage = () =>
      Promise.reject(new Error('sendAgentMessage: pipe closed'));
    const block = await renderBlock(host);
    const box = screen.getByRole('textbox', { name: 'Message Claude' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'hello there' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await block.settle();
    expect(box.value).toBe('hello there');
    expect(screen.getByRole('alert').textContent).toContain('pipe closed');
  });

  it('sends from the composer, shows the prompt until the CLI has it, and Esc interrupts the turn', async () => {
    const { host, push, settle } = await renderBlock();
    const box = screen.getByRole('textbox', { name: 'Message Claude' });
    fireEvent.change(box, { target: { value: 'hello there' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state: 'busy' } }));
    await settle();
    expect(host.paramsOf('sendAgentMessage')).toEqual([
      { agentId: AGENT_ID, text: 'hello there', uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(screen.getByRole('status', { name: 'Sending' }).textContent).toContain('hello there');
    expect(screen.getByRole('status', { name: 'Session status' }).textContent).toBe('Thinking');
    await push({ type: 'user_message', text: 'hello there' });
    expect(screen.queryByRole('status', { name: 'Sending' })).toBeNull();
    expect(screen.getByRole('log', { name: 'Transcript' }).textContent).toContain('hello there');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(host.paramsOf('interruptAgent')).toEqual([{ agentId: AGENT_ID }]);
  });

  it('recalls the prompts of the logged history with Up', async () => {
    const host = new FakeHost();
    host.replies.openAgent = {
      cwd: '/work',
      history: [
        { type: 'user_message', text: 'yesterday' },
        { type: 'user_message', text: 'this morning' },
      ],
    };
    await renderBlock(host);
    const box = screen.getByRole('textbox', { name: 'Message Claude' }) as HTMLTextAreaElement;
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.value).toBe('this morning');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.value).toBe('yesterday');
  });

  it('switches the permission mode live', async () => {
    const { host } = await renderBlock();
    fireEvent.change(screen.getByRole('combobox', { name: 'Permission mode' }), {
      target: { value: 'plan' },
    });
    expect(host.paramsOf('setAgentPermissionMode')).toEqual([{ agentId: AGENT_ID, mode: 'plan' }]);
  });
});

describe('Raw output badge', () => {
  it('counts unhandled output from the running session on open and from later reports', async () => {
    const host = new FakeHost();
    host.replies.openAgent = { cwd: '/work', history: [], state: { state: 'idle' }, unhandled: 2 };
    const { settle } = await renderBlock(host);
    expect(
      screen.getByRole('button', { name: 'Raw output', description: '2 unhandled' }),
    ).toBeTruthy();
    act(() => host.emit('agentUnhandled', { agentId: AGENT_ID, count: 3, line: 'warning' }));
    act(() => host.emit('agentUnhandled', { agentId: 'another-block', count: 9, line: 'x' }));
    await settle();
    expect(
      screen.getByRole('button', { name: 'Raw output', description: '3 unhandled' }),
    ).toBeTruthy();
  });

  it('has no badge while everything was handled', async () => {
    await renderBlock();
    expect(screen.getByRole('button', { name: 'Raw output', description: '' })).toBeTruthy();
    expect(screen.queryByText(/unhandled/)).toBeNull();
  });
});

describe('Permission dialog', () => {
  it('shows the tool, its description, command, blocked path and the rule Always allow keeps', async () => {
    await withPrompt(bashRequest('r1'));
    const shown = dialog();
    expect(shown.textContent).toContain('Remove the build directory');
    expect(shown.textContent).toContain('$ rm -rf build');
    expect(shown.textContent).toContain('/work/build');
    expect(shown.textContent).toContain('allow Bash(rm -rf build)');
    expect(shown.textContent).toContain('.claude/settings.local.json');
    for (const name of ['Allow', 'Always allow', 'Deny']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('takes the focus and ignores keys in its first moments', async () => {
    const { host, settle } = await withPrompt(bashRequest('r1'));
    expect(document.activeElement).toBe(dialog());
    fireEvent.keyDown(dialog(), { key: 'y' });
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(host.paramsOf('answerPermission')).toEqual([]);
    await settle(KEY_GUARD_MS);
    fireEvent.keyDown(dialog(), { key: 'y' });
    expect(host.paramsOf('answerPermission')).toEqual([
      { agentId: AGENT_ID, requestId: 'r1', decision: { behavior: 'allow' } },
    ]);
  });

  it('guards its keys again when the focus comes back to it from elsewhere', async () => {
    const { host, settle } = await withPrompt(bashRequest('r1'));
    await settle(KEY_GUARD_MS);
    const elsewhere = document.createElement('input');
    document.body.append(elsewhere);
    elsewhere.focus();
    await settle(KEY_GUARD_MS);
    act(() => dialog().focus());
    fireEvent.keyDown(dialog(), { key: 'y' });
    expect(host.paramsOf('answerPermission')).toEqual([]);
    await settle(KEY_GUARD_MS);
    fireEvent.keyDown(dialog(), { key: 'y' });
    expect(host.paramsOf('answerPermission')).toHaveLength(1);
    elsewhere.remove();
  });

  it('answers a with the rule, n and Esc with a denial (carrying the reason), one request at a time', async () => {
    const { host, settle } = await withPrompt(
      bashRequest('r1'),
      bashRequest('r2', 'ls'),
      bashRequest('r3', 'pwd'),
    );
    expect(dialog().textContent).toContain('1 of 3 waiting');
    await settle(KEY_GUARD_MS);
    fireEvent.keyDown(dialog(), { key: 'a' });
    await settle();
    expect(dialog().textContent).toContain('$ ls');
    expect(dialog().textContent).toContain('1 of 2 waiting');
    expect(document.activeElement).toBe(dialog());
    // A key from the first answer, repeated, does not answer the next request.
    fireEvent.keyDown(dialog(), { key: 'a' });
    await settle(KEY_GUARD_MS);
    fireEvent.keyDown(dialog(), { key: 'n' });
    await settle();
    expect(dialog().textContent).toContain('$ pwd');
    await settle(KEY_GUARD_MS);
    fireEvent.change(screen.getByRole('textbox', { name: /Reason for denying/ }), {
      target: { value: 'not now' },
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: /Reason for denying/ }), { key: 'n' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: /Reason for denying/ }), {
      key: 'Escape',
    });
    await settle();
    expect(host.paramsOf('answerPermission')).toEqual([
      {
        agentId: AGENT_ID,
        requestId: 'r1',
        decision: {
          behavior: 'allow_always',
          suggestion: {
            type: 'addRules',
            rules: [{ toolName: 'Bash', ruleContent: 'rm -rf build' }],
            behavior: 'allow',
            destination: 'localSettings',
          },
        },
      },
      { agentId: AGENT_ID, requestId: 'r2', decision: { behavior: 'deny' } },
      { agentId: AGENT_ID, requestId: 'r3', decision: { behavior: 'deny', message: 'not now' } },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message Claude' }));
  });

  it('allows with the input as edited', async () => {
    const { host, settle } = await withPrompt(bashRequest('r1', 'rm -rf build'));
    await settle(KEY_GUARD_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Edit input' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Input to run with/ }), {
      target: { value: '{"command": "rm -rf build/cache"}' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    expect(host.paramsOf('answerPermission')).toEqual([
      {
        agentId: AGENT_ID,
        requestId: 'r1',
        decision: { behavior: 'allow', updatedInput: { command: 'rm -rf build/cache' } },
      },
    ]);
  });

  it('shows a plan as Markdown in "Plan ready", approving it with accept edits', async () => {
    const block = await withPrompt({
      type: 'permission_request',
      request_id: 'p1',
      tool_name: 'ExitPlanMode',
      input: {
        plan: '# The plan\n\n1. **Read** the code',
        planFilePath: '/home/u/.claude/plans/a.md',
      },
    });
    const shown = screen.getByRole('dialog', { name: 'Plan ready' });
    expect(within(shown).getByRole('heading', { name: 'The plan' })).toBeTruthy();
    expect(within(shown).getByText('Read').tagName).toBe('STRONG');
    await block.settle(KEY_GUARD_MS);
    fireEvent.click(within(shown).getByRole('button', { name: 'Approve and accept edits' }));
    await block.settle();
    expect(block.host.paramsOf('answerPermission')).toEqual([
      {
        agentId: AGENT_ID,
        requestId: 'p1',
        decision: {
          behavior: 'allow_always',
          suggestion: { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
        },
      },
    ]);
  });

  it('keeps planning with the feedback as the reason, also with Esc', async () => {
    const block = await withPrompt({
      type: 'permission_request',
      request_id: 'p2',
      tool_name: 'ExitPlanMode',
      input: { plan: 'Delete everything' },
    });
    const shown = screen.getByRole('dialog', { name: 'Plan ready' });
    await block.settle(KEY_GUARD_MS);
    fireEvent.change(within(shown).getByRole('textbox'), { target: { value: 'Keep the tests' } });
    fireEvent.keyDown(shown, { key: 'Escape' });
    await block.settle();
    expect(block.host.paramsOf('answerPermission')).toEqual([
      {
        agentId: AGENT_ID,
        requestId: 'p2',
        decision: { behavior: 'deny', message: 'Keep the tests' },
      },
    ]);
  });

  const question = (id: string): AgentEvent => ({
    type: 'permission_request',
    request_id: id,
    tool_name: 'AskUserQuestion',
    input: {
      questions: [
        {
          question: 'Which database?',
          header: 'Database',
          multiSelect: false,
          options: [
            { label: 'Postgres', description: 'relational' },
            { label: 'SQLite', description: 'one file' },
          ],
        },
        {
          question: 'Which extras?',
          header: 'Extras',
          multiSelect: true,
          options: [{ label: 'Backups' }, { label: 'Metrics' }],
        },
      ],
    },
  });

  it('answers Claude’s questions with number keys, keyed by question text', async () => {
    const block = await withPrompt(question('q1'));
    const asked = screen.getByRole('dialog', { name: 'Claude asks: Database' });
    await block.settle(KEY_GUARD_MS);
    fireEvent.keyDown(asked, { key: '2' });
    // Not all answered yet: Enter does nothing.
    fireEvent.keyDown(asked, { key: 'Enter' });
    await block.settle();
    expect(block.host.paramsOf('answerPermission')).toEqual([]);
    // The second question: focus moves into it, then two picks and words of one's own.
    within(asked)
      .getByRole('checkbox', { name: /Backups/ })
      .focus();
    await block.settle(KEY_GUARD_MS);
    fireEvent.keyDown(asked, { key: '1' });
    fireEvent.keyDown(asked, { key: '2' });
    fireEvent.change(
      within(asked).getByRole('textbox', { name: 'Other answer to: Which extras?' }),
      {
        target: { value: 'Alerts 24/7' },
      },
    );
    fireEvent.keyDown(asked, { key: 'Enter' });
    await block.settle();
    const [answered] = block.host.paramsOf('answerPermission') as {
      decision: { behavior: string; updatedInput: Record<string, unknown> };
    }[];
    expect(answered!.decision.behavior).toBe('allow');
    expect(answered!.decision.updatedInput['answers']).toEqual({
      'Which database?': 'SQLite',
      'Which extras?': 'Backups, Metrics, Alerts 24/7',
    });
    expect(answered!.decision.updatedInput['questions']).toEqual(
      (question('q1') as { input: Record<string, unknown> }).input['questions'],
    );
  });

  it('skips Claude’s questions with Esc: the input goes back unchanged', async () => {
    const block = await withPrompt(question('q2'));
    await block.settle(KEY_GUARD_MS);
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Claude asks: Database' }), {
      key: 'Escape',
    });
    await block.settle();
    expect(block.host.paramsOf('answerPermission')).toEqual([
      { agentId: AGENT_ID, requestId: 'q2', decision: { behavior: 'allow' } },
    ]);
  });

  it('shows a question it cannot read as a plain permission request', async () => {
    await withPrompt({
      type: 'permission_request',
      request_id: 'q3',
      tool_name: 'AskUserQuestion',
      input: { questions: 'not a list' },
    });
    expect(
      screen.getByRole('dialog', { name: 'Permission request: AskUserQuestion' }),
    ).toBeTruthy();
  });

  it('stays open until the host confirms the answer, and says why when it was not sent', async () => {
    const host = new FakeHost();
    const replies: { resolve(value: unknown): void; reject(error: Error): void }[] = [];
    host.replies.answerPermission = () =>
      new Promise((resolve, reject) => replies.push({ resolve, reject }));
    const block = await renderBlock(host);
    await block.push(bashRequest('r1'));
    await block.settle(KEY_GUARD_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await block.settle();
    expect(dialog()).toBeTruthy();
    // Answering again while one answer is on its way sends nothing more.
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(host.paramsOf('answerPermission')).toHaveLength(1);

    replies[0]!.reject(
      new Error(
        'The answer cannot be sent to Claude Code (pipe closed); the prompt is still open.',
      ),
    );
    await block.settle();
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'The answer was not sent: The answer cannot be sent to Claude Code (pipe closed); the prompt is still open.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await block.settle();
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    replies[1]!.resolve({ answered: true });
    await block.settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(host.paramsOf('answerPermission')).toEqual([
      { agentId: AGENT_ID, requestId: 'r1', decision: { behavior: 'allow' } },
      { agentId: AGENT_ID, requestId: 'r1', decision: { behavior: 'allow' } },
    ]);
  });

  it('closes when the host says the request was no longer pending', async () => {
    const host = new FakeHost();
    host.replies.answerPermission = { answered: false };
    const block = await renderBlock(host);
    await block.push(bashRequest('r1'));
    await block.settle(KEY_GUARD_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    await block.settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when the CLI withdraws the request', async () => {
    const { push } = await withPrompt(bashRequest('r1'));
    expect(dialog()).toBeTruthy();
    await push({ type: 'permission_cancelled', request_id: 'r1' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not take the focus from another block', async () => {
    const elsewhere = document.createElement('input');
    document.body.append(elsewhere);
    const block = await renderBlock();
    elsewhere.focus();
    await block.push(bashRequest('r1'));
    expect(dialog()).toBeTruthy();
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });
});

describe('AgentBlock state for the workspace', () => {
  const usage = {
    input_tokens: 10,
    output_tokens: 5,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
  const statuses = (onActivity: ReturnType<typeof vi.fn>) =>
    onActivity.mock.calls.map(([activity]) => activity.status as string);

  it('reports Starting, Working with the turn’s start and tool, Needs you with the tool, then Done with the answer and cost', async () => {
    const { host, push, settle, onActivity } = await renderBlock();
    expect(onActivity).toHaveBeenLastCalledWith({ kind: 'agent', status: 'Starting' });
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state: 'idle' } }));
    await settle();
    expect(onActivity).toHaveBeenLastCalledWith({ kind: 'agent', status: 'Idle' });

    const turnStart = Date.now();
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state: 'busy' } }));
    await push({ type: 'user_message', text: 'clean up' });
    const working = onActivity.mock.lastCall?.[0];
    expect(working).toMatchObject({ kind: 'agent', status: 'Working', detail: 'thinking' });
    expect(working.since).toBeGreaterThanOrEqual(turnStart);
    expect(working.since).toBeLessThanOrEqual(Date.now());
    await push({
      type: 'tool_use',
      id: 't1',
      name: 'Bash',
      input: { command: 'ls' },
      parent_tool_use_id: null,
    });
    expect(onActivity.mock.lastCall?.[0]).toMatchObject({ status: 'Working', detail: 'Bash' });
    await push(bashRequest('r1'));
    expect(onActivity).toHaveBeenLastCalledWith({
      kind: 'agent',
      status: 'Needs you',
      detail: 'Permission for Bash: rm -rf build',
    });
    await push(
      { type: 'permission_cancelled', request_id: 'r1' },
      { type: 'assistant_text', text: '\nRemoved it.\nThe rest stays.', parent_tool_use_id: null },
      { type: 'cost', cost_usd: 0.5, usage },
      { type: 'done', response: 'Removed it.' },
    );
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state: 'idle' } }));
    await settle();
    expect(onActivity).toHaveBeenLastCalledWith({
      kind: 'agent',
      status: 'Done',
      detail: 'Removed it. · $0.5000',
    });
    // One report per change, not one per render (StrictMode runs the first effect twice).
    expect(statuses(onActivity)).toEqual([
      'Starting',
      'Starting',
      'Idle',
      'Working',
      'Working',
      'Needs you',
      'Working',
      'Done',
    ]);
  });

  it('says a plan or a question waits, not a permission', async () => {
    const { host, push, onActivity } = await renderBlock();
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state: 'busy' } }));
    const waiting = async (id: string, tool_name: string, input: Record<string, unknown>) => {
      await push({ type: 'permission_request', request_id: id, tool_name, input });
      const activity = onActivity.mock.lastCall?.[0];
      await push({ type: 'permission_cancelled', request_id: id });
      return activity;
    };
    expect(await waiting('p', 'ExitPlanMode', { plan: '1. Fix it' })).toEqual({
      kind: 'agent',
      status: 'Needs you',
      detail: 'A plan to approve',
    });
    const questions = [{ question: 'Which database?', header: 'DB', options: [] }];
    expect((await waiting('q', 'AskUserQuestion', { questions })).detail).toBe(
      'Question: Which database?',
    );
  });

  it('reports Error for a turn that failed, and Exited when the session ends', async () => {
    const { host, push, settle, onActivity } = await renderBlock();
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state: 'busy' } }));
    await push(
      { type: 'user_message', text: 'hi' },
      { type: 'error', message: 'Invalid API key', subtype: 'authentication_failed' },
    );
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state: 'idle' } }));
    await settle();
    expect(onActivity).toHaveBeenLastCalledWith({
      kind: 'agent',
      status: 'Error',
      detail: 'Invalid API key',
    });
    act(() =>
      host.emit('agentState', {
        agentId: AGENT_ID,
        state: { state: 'exited', code: 1, signal: null, reason: 'crashed', message: 'exit 1' },
      }),
    );
    await settle();
    expect(onActivity).toHaveBeenLastCalledWith({ kind: 'agent', status: 'Exited' });
  });
});
