// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestResult } from '../../../../shared/contract/host';
import { HostRequestError } from '../../../../shared/host-api';
import { FakeHost } from '../../blocks/agent/testing/fake-host';
import { PermissionRulesPage } from './PermissionRulesPage';

afterEach(cleanup);

const local = '/work/.claude/settings.local.json';

function rules(): RequestResult<'claudePermissionRules'> {
  return {
    files: [
      { source: 'user', path: '/home/ada/.claude/settings.json', exists: true, problem: null },
      {
        source: 'project',
        path: '/work/.claude/settings.json',
        exists: true,
        problem:
          '/work/.claude/settings.json is not valid JSON (CloseBraceExpected on line 3); Tether left it as it is. Fix it in an editor and try again.',
      },
      { source: 'local', path: local, exists: true, problem: null },
    ],
    rules: [
      {
        behavior: 'allow',
        rule: 'Bash(npm run test:*)',
        source: 'local',
        path: local,
        inForce: true,
      },
      {
        behavior: 'deny',
        rule: 'Read(./secrets/**)',
        source: 'managed',
        path: '/etc/claude-code/managed-settings.json',
        inForce: true,
      },
      { behavior: 'allow', rule: 'WebSearch', source: 'session', path: null, inForce: true },
      {
        behavior: 'ask',
        rule: 'Bash(git push:*)',
        source: 'project',
        path: '/work/.claude/settings.json',
        inForce: false,
      },
    ],
    defaultMode: { mode: 'acceptEdits', source: 'user' },
    additionalDirectories: [{ path: '../shared', source: 'local' }],
  };
}

function open(agentId: string | null = 'a1') {
  const host = new FakeHost();
  host.replies.claudePermissionRules = rules();
  host.replies.changeClaudePermissionRule = { applied: true };
  render(<PermissionRulesPage api={host.api} agentId={agentId} />);
  return { host, user: userEvent.setup() };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Permission rules', () => {
  it('lists the rules per behavior with their source, the mode, directories and unreadable files', async () => {
    open();
    await screen.findByRole('region', { name: 'Allow rules' });
    const allow = within(section('Allow rules'));
    expect(allow.getByText('Bash(npm run test:*)')).toBeTruthy();
    expect(allow.getByText('Local (.claude/settings.local.json)')).toBeTruthy();
    expect(allow.getByText('This session only')).toBeTruthy();
    // Only a rule in a file Tether writes can be changed here.
    expect(allow.getByRole('button', { name: 'Remove Bash(npm run test:*)' })).toBeTruthy();
    expect(allow.queryByRole('button', { name: 'Remove WebSearch' })).toBeNull();
    expect(allow.queryByText('not in effect')).toBeNull();
    const ask = within(section('Ask rules'));
    expect(ask.getByText('Bash(git push:*)').parentElement?.textContent).toContain('not in effect');
    const deny = within(section('Deny rules'));
    expect(deny.getByText('Managed (read-only)')).toBeTruthy();
    expect(deny.queryByRole('button')).toBeNull();
    expect(section('Default mode').textContent).toContain(
      'Accept edits (User (~/.claude/settings.json))',
    );
    expect(section('Additional directories').textContent).toContain('../shared');
    expect(screen.getByRole('alert').textContent).toContain('settings.json is not valid JSON');
  });

  it('adds a rule only once it reads as one, to the file chosen, and says it is live', async () => {
    const { host, user } = open();
    const form = within(await screen.findByRole('form', { name: 'Add a rule' }));
    await user.type(form.getByRole('textbox', { name: 'Rule' }), 'WebFetch(example.com)');
    expect(form.getByRole('alert').textContent).toContain('WebFetch rules name a domain');
    await user.click(form.getByRole('button', { name: 'Add rule' }));
    expect(host.paramsOf('changeClaudePermissionRule')).toEqual([]);

    await user.selectOptions(form.getByRole('combobox', { name: 'Behavior' }), 'Ask');
    await user.selectOptions(
      form.getByRole('combobox', { name: 'Save to' }),
      'Project (.claude/settings.json)',
    );
    await user.clear(form.getByRole('textbox', { name: 'Rule' }));
    await user.type(
      form.getByRole('textbox', { name: 'Rule' }),
      'WebFetch(domain:example.com){Enter}',
    );
    await waitFor(() =>
      expect(host.paramsOf('changeClaudePermissionRule')).toEqual([
        {
          agentId: 'a1',
          add: { behavior: 'ask', rule: 'WebFetch(domain:example.com)', scope: 'project' },
        },
      ]),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'Saved WebFetch(domain:example.com) to Project (.claude/settings.json). The running session uses it now.',
    );
    expect(host.paramsOf('claudePermissionRules')).toHaveLength(2);
    expect((form.getByRole('textbox', { name: 'Rule' }) as HTMLInputElement).value).toBe('');
    expect(form.queryByRole('alert')).toBeNull();
  });

  it('edits a rule in place of the old one and removes one, showing a refusal as the host words it', async () => {
    const { host, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Bash(npm run test:*)' }));
    const form = within(screen.getByRole('form', { name: 'Edit rule' }));
    const field = form.getByRole('textbox', { name: 'Rule' });
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, 'Bash(npm test)');
    await user.click(form.getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(host.paramsOf('changeClaudePermissionRule')).toEqual([
        {
          agentId: 'a1',
          remove: { behavior: 'allow', rule: 'Bash(npm run test:*)', scope: 'local' },
          add: { behavior: 'allow', rule: 'Bash(npm test)', scope: 'local' },
        },
      ]),
    );

    host.replies.changeClaudePermissionRule = () => {
      throw new HostRequestError(
        `changeClaudePermissionRule: ${local} is not valid JSON; Tether left it as it is.`,
      );
    };
    await user.click(screen.getByRole('button', { name: 'Remove Bash(npm run test:*)' }));
    expect((await screen.findByText(/is not valid JSON; Tether left it/)).textContent).toBe(
      `${local} is not valid JSON; Tether left it as it is.`,
    );
    expect(host.paramsOf('changeClaudePermissionRule')[1]).toEqual({
      agentId: 'a1',
      remove: { behavior: 'allow', rule: 'Bash(npm run test:*)', scope: 'local' },
    });
  });

  it('offers only the user file with no agent block, and says why a remote block has none', async () => {
    open(null);
    const scopes = within(await screen.findByRole('combobox', { name: 'Save to' }));
    expect(scopes.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'User (~/.claude/settings.json)',
    ]);
    cleanup();

    const host = new FakeHost();
    host.replies.claudePermissionRules = () => {
      throw new HostRequestError(
        "claudePermissionRules: This block runs on devbox; Tether edits Claude's files on this computer only for now.",
      );
    };
    render(<PermissionRulesPage api={host.api} agentId="a1" />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "This block runs on devbox; Tether edits Claude's files on this computer only for now.",
    );
  });
});
