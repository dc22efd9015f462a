// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { AgentActionsContext } from '../agent-actions';
import { CostTracker } from '../model/cost-tracker';
import { TranscriptModel } from '../model/transcript-model';
import { TranscriptItemView } from '../transcript/TranscriptItemView';

afterEach(cleanup);

/** Renders the transcript the real model folds from these events. */
function renderEvents(...events: AgentEvent[]) {
  const model = new TranscriptModel(new CostTracker());
  model.apply(events);
  const opened: string[] = [];
  const ran: string[] = [];
  render(
    <AgentActionsContext.Provider value={{ runInTerminal: (command) => ran.push(command) }}>
      {model.items.map((item) => (
        <TranscriptItemView key={item.key} item={item} onOpenLink={(url) => opened.push(url)} />
      ))}
    </AgentActionsContext.Provider>,
  );
  return { opened, ran };
}

const use = (
  id: string,
  name: string,
  input: Record<string, unknown>,
  parent: string | null = null,
): AgentEvent => ({
  type: 'tool_use',
  id,
  name,
  input,
  parent_tool_use_id: parent,
});

const result = (
  id: string,
  content: unknown,
  isError = false,
  parent: string | null = null,
): AgentEvent => ({
  type: 'tool_result',
  tool_use_id: id,
  content,
  is_error: isError,
  parent_tool_use_id: parent,
});

describe('tool cards', () => {
  it('shows a Bash command with its output attached, and its error state', () => {
    renderEvents(
      use('t1', 'Bash', { command: 'ls' }),
      use('t2', 'Bash', { command: 'false' }),
      result('t1', 'a.txt\nb.txt'),
      result('t2', 'Exit code 1', true),
    );
    const ok = screen.getByRole('group', { name: 'Bash: ls' });
    expect(within(ok).getByLabelText('Command').textContent).toBe('$ ls');
    expect(within(ok).getByLabelText('Bash output').textContent).toBe('a.txt\nb.txt');
    expect(within(ok).getByText('done')).toBeTruthy();
    const failed = screen.getByRole('group', { name: 'Bash: false' });
    expect(failed.className).toContain('failed');
    expect(within(failed).getByLabelText('Bash error').textContent).toBe('Exit code 1');
  });

  it('shows a call the user denied as Denied, with their reason, not as a failure', () => {
    renderEvents(
      use('t9', 'Bash', { command: 'rm -rf build' }),
      {
        type: 'permission_request',
        request_id: 'r9',
        tool_name: 'Bash',
        input: { command: 'rm -rf build' },
        tool_use_id: 't9',
      },
      { type: 'permission_answered', request_id: 'r9', behavior: 'deny' },
      result('t9', 'Keep the build folder', true),
    );
    const card = screen.getByRole('group', { name: 'Bash: rm -rf build' });
    expect(within(card).getByText('Denied')).toBeTruthy();
    expect(within(card).queryByText('failed')).toBeNull();
    expect(card.textContent).toContain('Reason: Keep the build folder');
    expect(within(card).queryByRole('button', { name: 'Run in terminal' })).toBeNull();
  });

  it('offers a command that ran to a terminal', () => {
    const { ran } = renderEvents(use('t1', 'Bash', { command: 'ls' }), result('t1', 'a.txt'));
    const card = screen.getByRole('group', { name: 'Bash: ls' });
    fireEvent.click(within(card).getByRole('button', { name: 'Run in terminal' }));
    expect(ran).toEqual(['ls']);
  });

  it('shows a running tool until its result comes', () => {
    renderEvents(use('t1', 'Bash', { command: 'sleep 9' }));
    expect(
      within(screen.getByRole('group', { name: 'Bash: sleep 9' })).getByText('running'),
    ).toBeTruthy();
  });

  it('shows an Edit as a diff of the file', () => {
    renderEvents(
      use('t1', 'Edit', {
        file_path: '/w/a.ts',
        old_string: 'one\ntwo\n',
        new_string: 'one\nTWO\n',
      }),
      result('t1', 'ok'),
    );
    const diff = screen.getByLabelText('Changes to /w/a.ts');
    const lines = [...diff.querySelectorAll('.agent-diff-line')].map((line) => line.textContent);
    expect(lines).toEqual(['  one\n', '- two\n', '+ TWO\n']);
  });

  it('shows a long new file in part, and all of it on request', () => {
    const content = Array.from({ length: 1_000 }, (_, i) => `row ${i}`).join('\n');
    renderEvents(use('t1', 'Write', { file_path: '/w/big.txt', content }));
    const lines = () =>
      screen.getByLabelText('Changes to /w/big.txt').querySelectorAll('.agent-diff-line');
    expect(lines()).toHaveLength(200);
    expect(screen.getByText('+1000 −0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 1000 lines' }));
    expect(lines()).toHaveLength(1_000);
  });

  it('counts what Read and Glob found, folded away', () => {
    renderEvents(
      use('t1', 'Read', { file_path: '/w/a.ts' }),
      result('t1', '1\tone\n2\ttwo\n3\tthree'),
      use('t2', 'Glob', { pattern: '**/*.ts' }),
      result('t2', '/w/a.ts\n/w/b.ts'),
    );
    expect(screen.getByText('Read 3 lines')).toBeTruthy();
    expect(screen.getByText('Found 2 files')).toBeTruthy();
  });

  it('nests a subagent’s tools in its Task card, with its status', () => {
    renderEvents(
      use('task', 'Task', { description: 'Survey', prompt: 'look around' }),
      { type: 'subagent', task_id: 'k1', status: 'started', tool_use_id: 'task' },
      use('inner', 'Bash', { command: 'ls' }, 'task'),
      result('inner', 'seed.txt', false, 'task'),
      { type: 'subagent', task_id: 'k1', status: 'completed', summary: 'Found seed.txt' },
    );
    const task = screen.getByRole('group', { name: 'Task: Survey' });
    expect(within(task).getByText('Subagent completed: Found seed.txt')).toBeTruthy();
    const subagent = within(task).getByRole('group', { name: 'Subagent' });
    expect(within(subagent).getByRole('group', { name: 'Bash: ls' }).textContent).toContain(
      'seed.txt',
    );
  });

  it('shows TodoWrite as a checklist', () => {
    renderEvents(
      use('t1', 'TodoWrite', {
        todos: [
          { content: 'Write code', status: 'completed' },
          { content: 'Test it', status: 'in_progress' },
          { content: 'Ship', status: 'pending' },
        ],
      }),
    );
    const items = within(screen.getByRole('list', { name: 'Tasks' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['☑ Write code', '◐ Test it', '☐ Ship']);
    expect(screen.getByRole('img', { name: 'in progress' })).toBeTruthy();
  });

  it('shows a WebFetch URL that opens through the link handler', () => {
    const { opened } = renderEvents(
      use('t1', 'WebFetch', { url: 'https://example.com', prompt: 'read' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open https://example.com' }));
    expect(opened).toEqual(['https://example.com']);
  });

  it('shows the questions Claude asked, their choices and the answers given, never JSON', () => {
    renderEvents(
      use('q1', 'AskUserQuestion', {
        questions: [
          {
            question: 'Which database should the app use?',
            header: 'Database',
            multiSelect: false,
            options: [{ label: 'Postgres' }, { label: 'SQLite', description: 'One file' }],
          },
        ],
      }),
      result(
        'q1',
        'User has answered your questions: "Which database should the app use?"="SQLite". You can now continue with the user\'s answers in mind.',
      ),
    );
    const card = screen.getByRole('group', { name: 'AskUserQuestion' });
    expect(within(card).getByText('Which database should the app use?')).toBeTruthy();
    expect(within(card).getByText('Choices: Postgres · SQLite')).toBeTruthy();
    expect(within(card).getByText('Answer: SQLite')).toBeTruthy();
    expect(card.textContent).not.toMatch(/[{}]|"questions"/);
  });

  it('shows what ToolSearch looked for and the tools it found, not their references', () => {
    renderEvents(
      use('s1', 'ToolSearch', { query: 'select:NotebookEdit,WebFetch', max_results: 5 }),
      result('s1', [
        { type: 'tool_reference', tool_name: 'NotebookEdit' },
        { type: 'tool_reference', tool_name: 'WebFetch' },
      ]),
    );
    const card = screen.getByRole('group', { name: 'ToolSearch: select:NotebookEdit,WebFetch' });
    expect(within(card).getByText('Found NotebookEdit, WebFetch')).toBeTruthy();
    expect(card.textContent).not.toMatch(/tool_reference|max_results/);
  });

  it('shows any other tool’s input as formatted JSON', () => {
    renderEvents(
      use('t1', 'mcp__db__query', { sql: 'select 1', limit: 5 }),
      result('t1', [{ type: 'text', text: '1' }]),
    );
    expect(screen.getByLabelText('Input').textContent).toBe(
      '{\n  "sql": "select 1",\n  "limit": 5\n}',
    );
    expect(screen.getByLabelText('mcp__db__query output').textContent).toBe('1');
  });

  it('cuts a long output to a preview that says how much it hides, and shows all in a scroll box', () => {
    const long = Array.from({ length: 4_812 }, (_, i) => `line ${i}`).join('\n') + '\n';
    renderEvents(use('t1', 'Bash', { command: 'seq' }), result('t1', long));
    const output = () => screen.getByLabelText('Bash output');
    expect(output().textContent).toBe(long.split('\n').slice(0, 20).join('\n'));
    expect(screen.getByText('Showing 20 of 4,812 lines — 4,792 hidden')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 4,812 lines' }));
    expect(output().textContent).toContain('line 4811');
    // Bounded by the stylesheet (measured in e2e/agent-header.spec.ts), and reachable by keyboard.
    expect(output().closest('.agent-tool-output')!.className).toContain('expanded');
    expect(output().tabIndex).toBe(0);
    expect(screen.queryByText(/hidden$/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(output().textContent).not.toContain('line 4811');
  });

  it('counts one very long line in characters', () => {
    renderEvents(use('t1', 'Bash', { command: 'cat min.js' }), result('t1', 'x'.repeat(12_345)));
    expect(screen.getByLabelText('Bash output').textContent).toHaveLength(4_000);
    expect(screen.getByText('Showing 4,000 of 12,345 characters — 8,345 hidden')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show all 12,345 characters' })).toBeTruthy();
  });

  it('shows where the CLI saved an output too large to send, with its preview, never the tags', () => {
    // As the CLI (2.1.332) writes it: its header, a blank line, the preview, "..." when cut.
    const saved = [
      '<persisted-output>',
      'Output too large (97.7KB). Full output saved to: /home/u/.claude/tool-results/b1.txt',
      '',
      'Preview (first 2KB):',
      '1',
      '2',
      '...',
      '</persisted-output>',
    ].join('\n');
    renderEvents(
      use('t1', 'Bash', { command: 'seq 20000' }),
      result('t1', [{ type: 'text', text: saved }]),
    );
    const card = screen.getByRole('group', { name: 'Bash: seq 20000' });
    expect(card.textContent).not.toContain('persisted-output');
    expect(card.textContent).toContain('Output too large (97.7KB): saved to');
    expect(within(card).getByText('/home/u/.claude/tool-results/b1.txt').tagName).toBe('CODE');
    expect(within(card).getByText('Preview (first 2KB):')).toBeTruthy();
    expect(within(card).getByLabelText('Bash output').textContent).toBe('1\n2\n...');
  });

  it('shows a <tool_use_error> as the failure it wraps', () => {
    renderEvents(
      use('t1', 'Read', { file_path: '/w/gone.txt' }),
      result('t1', '<tool_use_error>File does not exist.</tool_use_error>', true),
    );
    const card = screen.getByRole('group', { name: 'Read: /w/gone.txt' });
    expect(card.className).toContain('failed');
    expect(within(card).getByLabelText('Read result').textContent).toBe('File does not exist.');
    expect(card.textContent).not.toContain('tool_use_error');
  });
});

describe('other transcript items', () => {
  it('shows errors with what to do, an interruption as a plain note, compaction as a divider', () => {
    renderEvents(
      { type: 'error', message: 'API Error: 401 invalid x-api-key', subtype: 'api_error' },
      {
        type: 'error',
        message: 'Interrupted: the turn was stopped.',
        subtype: 'error_during_execution',
      },
      { type: 'compaction_boundary', trigger: 'auto', pre_tokens: 150_000, post_tokens: 4_200 },
      { type: 'thinking', text: 'hmm', parent_tool_use_id: null },
    );
    expect(
      screen.getByText('API Error: 401 invalid x-api-key').parentElement!.textContent,
    ).toContain('Log in to Claude');
    expect(screen.getByText(/^Interrupted/).parentElement!.className).toBe('agent-note');
    expect(screen.getByRole('separator', { name: 'Conversation compacted' }).textContent).toBe(
      'Compacted (auto): 150.0k tokens → 4.2k',
    );
    expect(screen.getByText('Thinking').closest('details')!.open).toBe(false);
  });
  it('names the rate limit’s reset time, from the CLI’s last rate_limit_event, in a failed turn', () => {
    const resetsAt = Math.floor((Date.now() + 12 * 60_000) / 1000);
    renderEvents(
      { type: 'rate_limit', status: 'rejected', resets_at: resetsAt, rate_limit_type: 'five_hour' },
      { type: 'error', message: 'API Error: Request rejected (429)', subtype: 'api_error' },
    );
    const clock = new Date(resetsAt * 1000).toLocaleTimeString([], {
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(
      screen.getByText('API Error: Request rejected (429)').parentElement!.textContent,
    ).toMatch(
      new RegExp(`Rate limited — resets at ${clock} \\(in 1[12] min\\)\\. Send again then\\.$`),
    );
  });
});
