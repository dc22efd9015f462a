// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionCapabilities } from '../../../../shared/contract/claude-account';
import { FakeHost } from '../../blocks/agent/testing/fake-host';
import { ClaudeSettings } from '../ClaudeSettings';

afterEach(cleanup);

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const listed: SessionCapabilities = {
  commands: [
    {
      name: 'compact',
      description: 'Clear history, keep a summary',
      argumentHint: '',
      source: 'built-in',
    },
    { name: 'greet', description: 'Say hello', argumentHint: '<name>', source: 'user' },
    { name: 'tidy', description: 'Tidies files', argumentHint: '', source: 'project' },
  ],
  agents: [{ name: 'reviewer', description: 'Reviews diffs', model: 'sonnet' }],
  skills: ['tidy'],
  plugins: [{ name: 'formatter', source: 'formatter@team-tools', path: '/plugins/formatter' }],
};

const rows = (table: string) =>
  within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

async function openCommands(host: FakeHost) {
  render(
    <ClaudeSettings
      api={host.api}
      agentId="a1"
      initialTab="Commands, agents and skills"
      onClose={() => {}}
    />,
  );
  await settle();
}

describe('"Commands, agents and skills" in Claude settings', () => {
  it('lists what the session has, with descriptions and sources, and reloads the plugins', async () => {
    const host = new FakeHost();
    host.replies.sessionCapabilities = listed;
    host.replies.reloadPlugins = {
      ...listed,
      plugins: [...listed.plugins, { name: 'linter', source: 'linter@team-tools', path: '/p/l' }],
    };
    await openCommands(host);
    expect(screen.getByRole('tab', { name: 'Commands, agents and skills' })).toBeTruthy();
    expect(rows('Slash commands')).toEqual([
      ['/compact', 'Clear history, keep a summary', 'built-in'],
      ['/greet <name>', 'Say hello', 'user'],
    ]);
    expect(rows('Skills')).toEqual([['/tidy', 'Tidies files', 'project']]);
    expect(rows('Subagents')).toEqual([['reviewer', 'Reviews diffs', 'model: sonnet']]);
    expect(rows('Plugins')).toEqual([['formatter', '/plugins/formatter', 'formatter@team-tools']]);

    fireEvent.click(screen.getByRole('button', { name: 'Reload plugins' }));
    await settle();
    expect(host.paramsOf('reloadPlugins')).toEqual([{ agentId: 'a1' }]);
    expect(rows('Plugins').map(([name]) => name)).toEqual(['formatter', 'linter']);
    expect(screen.getByRole('status').textContent).toBe('Plugins reloaded.');
  });

  it('shows the CLI’s refusal of a reload', async () => {
    const host = new FakeHost();
    host.replies.sessionCapabilities = listed;
    host.replies.reloadPlugins = () =>
      Promise.reject(new Error('The session is busy, so plugins were not reloaded.'));
    await openCommands(host);
    fireEvent.click(screen.getByRole('button', { name: 'Reload plugins' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('busy');
    // What was listed stays.
    expect(rows('Plugins')).toHaveLength(1);
  });
});
