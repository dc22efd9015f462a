// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContextUsage } from '../../../../shared/contract/usage';
import { FakeHost } from '../../blocks/agent/testing/fake-host';
import { ContextUsageDialog } from './ContextUsage';

afterEach(cleanup);

// As the pinned CLI answered after one turn (docs/protocol.md, "Context usage and usage").
const answer: ContextUsage = {
  model: 'claude-opus-5-5',
  maxTokens: 1_000_000,
  totalTokens: 50_000,
  categories: [
    { id: 'system_prompt', name: 'System prompt', tokens: 1963, kind: 'used' },
    { id: 'system_tools', name: 'System tools', tokens: 6792, kind: 'used' },
    {
      id: 'system_tools_deferred',
      name: 'System tools (deferred)',
      tokens: 4724,
      kind: 'deferred',
    },
    { id: 'memory_files', name: 'Memory files', tokens: 283, kind: 'used' },
    { id: 'skills', name: 'Skills', tokens: 2067, kind: 'used' },
    { id: 'messages', name: 'Messages', tokens: 38_895, kind: 'used' },
    { id: 'autocompact_buffer', name: 'Autocompact buffer', tokens: 33_000, kind: 'buffer' },
    { id: 'free_space', name: 'Free space', tokens: 917_000, kind: 'free' },
  ],
  memoryFiles: [{ path: '/home/me/.claude/CLAUDE.md', type: 'User', tokens: 283 }],
  mcpTools: [{ name: 'mcp__elicit__ask_details', serverName: 'elicit', tokens: 0 }],
  autoCompactThreshold: 967_000,
};

const count = (text: string | null) => Number(text!.replaceAll(',', ''));

describe('"Context usage"', () => {
  it('lists what fills the window, and its rows add up to the window', async () => {
    const host = new FakeHost();
    host.replies.contextUsage = answer;
    render(<ContextUsageDialog api={host.api} agentId="a1" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Context usage' });
    const table = await within(dialog).findByRole('table', {
      name: 'What fills the context window',
    });
    expect(host.paramsOf('contextUsage')).toEqual([{ agentId: 'a1' }]);
    const [body, foot] = [table.querySelector('tbody')!, table.querySelector('tfoot')!];
    const rows = within(body).getAllByRole('row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'System prompt',
      'System tools',
      'Memory files',
      'Skills',
      'Messages',
      'Autocompact buffer',
      'Free space',
    ]);
    const tokens = rows.map((row) => count(within(row).getAllByRole('cell')[0]!.textContent));
    const window = count(within(foot).getAllByRole('cell')[0]!.textContent);
    expect(window).toBe(1_000_000);
    expect(tokens.reduce((a, b) => a + b, 0)).toBe(window);
    expect(within(rows[4]!).getAllByRole('cell')[1]!.textContent).toBe('3.9%');
    // Deferred tools are not in the window: listed apart.
    expect(
      within(within(dialog).getByRole('table', { name: 'Loaded only when used' })).getByText(
        'System tools (deferred)',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('table', { name: 'Memory files' }).textContent).toContain(
      '/home/me/.claude/CLAUDE.md',
    );
    expect(dialog.textContent).toContain('50,000 of 1,000,000 tokens in use (5.0%)');
  });

  it('says why when the CLI cannot answer', async () => {
    const host = new FakeHost();
    host.replies.contextUsage = () => Promise.reject(new Error('The Claude session has ended.'));
    render(<ContextUsageDialog api={host.api} agentId="a1" onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The Claude session has ended.');
  });
});
