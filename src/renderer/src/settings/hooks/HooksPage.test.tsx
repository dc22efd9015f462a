// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestResult } from '../../../../shared/contract/host';
import { FakeHost } from '../../blocks/agent/testing/fake-host';
import { HooksPage } from './HooksPage';

afterEach(cleanup);

const user = '/home/ada/.claude/settings.json';
const project = '/work/.claude/settings.json';

function hooks(disabled: RequestResult<'claudeHooks'>['disabled']): RequestResult<'claudeHooks'> {
  return {
    files: [],
    hooks: [
      {
        event: 'PreToolUse',
        matcher: 'Bash',
        command: 'scripts/check.sh',
        source: 'project',
        path: project,
      },
      { event: 'PreToolUse', matcher: '', command: 'log-tool', source: 'user', path: user },
      { event: 'Stop', matcher: '', command: 'notify-send done', source: 'user', path: user },
    ],
    disabled,
  };
}

describe('Hooks', () => {
  it('lists hooks per event and matcher with their file, and opens that file in the editor', async () => {
    const host = new FakeHost();
    host.replies.claudeHooks = hooks(null);
    render(<HooksPage api={host.api} agentId="a1" />);
    const pre = within(await screen.findByRole('region', { name: 'PreToolUse' }));
    const check = pre.getByRole('listitem', { name: 'PreToolUse Bash: scripts/check.sh' });
    expect(check.textContent).toContain('Project (.claude/settings.json)');
    expect(pre.getByRole('listitem', { name: 'PreToolUse every match: log-tool' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Stop' })).getByText('notify-send done'),
    ).toBeTruthy();
    await userEvent.setup().click(within(check).getByRole('button', { name: 'Open in editor' }));
    expect(host.paramsOf('openClaudeFile')).toEqual([{ agentId: 'a1', path: project }]);
  });

  it('turns all hooks off and on with "Disable all hooks", showing the file that decides', async () => {
    const host = new FakeHost();
    let disabled: RequestResult<'claudeHooks'>['disabled'] = null;
    host.replies.claudeHooks = () => hooks(disabled);
    host.replies.setClaudeHooksDisabled = (params: { disabled: boolean }) => {
      disabled = params.disabled ? { value: true, source: 'local' } : null;
      return null;
    };
    render(<HooksPage api={host.api} agentId="a1" />);
    const toggle = await screen.findByRole('checkbox', { name: /Disable all hooks/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    const user = userEvent.setup();
    await user.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(toggle.parentElement?.textContent).toContain('Local (.claude/settings.local.json)');
    await user.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(host.paramsOf('setClaudeHooksDisabled')).toEqual([
      { agentId: 'a1', disabled: true },
      { agentId: 'a1', disabled: false },
    ]);
  });

  it('cannot turn hooks back on where managed settings turned them off', async () => {
    const host = new FakeHost();
    host.replies.claudeHooks = hooks({ value: true, source: 'managed' });
    render(<HooksPage api={host.api} agentId={null} />);
    const toggle = (await screen.findByRole('checkbox', {
      name: /Disable all hooks/,
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(true);
  });
});
