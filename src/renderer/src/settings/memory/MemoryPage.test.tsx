// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestResult } from '../../../../shared/contract/host';
import { FakeHost } from '../../blocks/agent/testing/fake-host';
import { MemoryPage } from './MemoryPage';

afterEach(cleanup);

const userMemory = '/home/ada/.claude/CLAUDE.md';

const memory: RequestResult<'claudeMemory'> = {
  files: [
    { path: userMemory, kind: 'User', importedBy: null, exists: true },
    { path: '/home/ada/.claude/style.md', kind: 'User', importedBy: userMemory, exists: true },
    { path: '/work/CLAUDE.md', kind: 'Project', importedBy: null, exists: true },
  ],
  targets: [
    { label: 'User (~/.claude/CLAUDE.md)', path: userMemory },
    { label: 'Project (CLAUDE.md)', path: '/work/CLAUDE.md' },
    { label: 'Local (CLAUDE.local.md)', path: '/work/CLAUDE.local.md' },
  ],
};

function open() {
  const host = new FakeHost();
  host.replies.claudeMemory = memory;
  render(<MemoryPage api={host.api} agentId="a1" />);
  return { host, user: userEvent.setup() };
}

describe('Memory', () => {
  it('lists the memory files in load order, an import under the file that imports it', async () => {
    const { host, user } = open();
    const list = await screen.findByRole('list', { name: 'Memory files' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      userMemory,
      '/home/ada/.claude/style.md',
      '/work/CLAUDE.md',
    ]);
    expect(items[1]!.textContent).toContain(`User, imported by ${userMemory}`);
    await user.click(within(items[2]!).getByRole('button', { name: 'Open in editor' }));
    expect(host.paramsOf('openClaudeFile')).toEqual([{ agentId: 'a1', path: '/work/CLAUDE.md' }]);
  });

  it('"Add to memory" appends the line to the file chosen (the local one unless chosen)', async () => {
    const { host, user } = open();
    const form = within(await screen.findByRole('form', { name: 'Add to memory' }));
    expect((form.getByRole('combobox', { name: 'File' }) as HTMLSelectElement).value).toBe(
      '/work/CLAUDE.local.md',
    );
    await user.type(form.getByRole('textbox', { name: 'Memory' }), 'Use pnpm, not npm.{Enter}');
    await user.selectOptions(form.getByRole('combobox', { name: 'File' }), 'Project (CLAUDE.md)');
    await user.type(form.getByRole('textbox', { name: 'Memory' }), 'Run the tests first.');
    await user.click(form.getByRole('button', { name: 'Add to memory' }));
    await waitFor(() =>
      expect(host.paramsOf('addClaudeMemory')).toEqual([
        { agentId: 'a1', path: '/work/CLAUDE.local.md', line: 'Use pnpm, not npm.' },
        { agentId: 'a1', path: '/work/CLAUDE.md', line: 'Run the tests first.' },
      ]),
    );
    expect(screen.getByRole('status').textContent).toBe('Added to /work/CLAUDE.md.');
    expect((form.getByRole('textbox', { name: 'Memory' }) as HTMLInputElement).value).toBe('');
  });
});
