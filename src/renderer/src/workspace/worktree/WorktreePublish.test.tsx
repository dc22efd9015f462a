// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostRequestError, type HostApi } from '../../../../shared/host-api';
import type { PullRequest } from '../../../../shared/pull-request';
import type { Worktree } from '../../../../shared/worktree';
import type { BlockHandle } from '../../blocks/registry';
import { WorktreePublish } from './WorktreePublish';

afterEach(() => {
  cleanup();
  setVisibility('visible');
});

const worktree: Worktree = {
  repo: '/src/app',
  path: '/src/app.worktrees/agent-k3f9',
  branch: 'tether/agent-k3f9',
  base: 'main',
  baseCommit: '0123456789abcdef0123456789abcdef01234567',
  baseIsBranch: true,
};

const open: PullRequest = {
  number: 7,
  url: 'https://github.com/tester/app/pull/7',
  title: 'Fix the parser',
  state: 'open',
  checks: 'failing',
};
const check = { name: 'test', link: 'https://github.com/tester/app/actions/runs/123/job/4' };

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}

function mount(api: Partial<HostApi>) {
  const send = vi.fn();
  const agent: BlockHandle = {
    focus: () => undefined,
    run: () => undefined,
    digest: () => ({ title: 'Fix the parser', turns: ['Fixed the off-by-one. More.'] }),
    send,
  };
  render(
    <WorktreePublish
      api={
        {
          pullRequestStatus: async () => ({ pullRequest: null, failedChecks: [] }),
          ...api,
        } as HostApi
      }
      worktree={worktree}
      agent={() => agent}
    />,
  );
  return { send, user: userEvent.setup() };
}

describe('WorktreePublish', () => {
  it('pushes, and says where to', async () => {
    const pushWorktree = vi.fn(async () => ({
      upstream: 'origin/tether/agent-k3f9',
      newUpstream: true,
    }));
    const { user } = mount({ pushWorktree });
    await user.click(screen.getByRole('button', { name: 'Push' }));
    expect(pushWorktree).toHaveBeenCalledWith({ worktree });
    expect((await screen.findByRole('status')).textContent).toContain(
      'Pushed tether/agent-k3f9 to origin/tether/agent-k3f9',
    );
  });

  it("proposes the pull request from the session, and says what gh lacks when it can't", async () => {
    const createPullRequest = vi.fn(async () => {
      throw new HostRequestError('createPullRequest: gh is not logged in: run gh auth login');
    });
    const { user } = mount({ createPullRequest });
    await user.click(screen.getByRole('button', { name: 'Create pull request' }));
    const dialog = screen.getByRole('dialog', { name: 'Create pull request' });
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'Fix the parser',
    );
    const body = within(dialog).getByRole('textbox', { name: 'Description' });
    expect((body as HTMLTextAreaElement).value).toBe(
      '## What changed\n\n- Fixed the off-by-one.\n',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Draft' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create pull request' }));
    expect(createPullRequest).toHaveBeenCalledWith({
      worktree,
      title: 'Fix the parser',
      body: '## What changed\n\n- Fixed the off-by-one.\n',
      draft: true,
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'gh is not logged in: run gh auth login',
    );
  });

  it('shows the pull request, opens it, and sends a failed check with its log to Claude', async () => {
    const openExternal = vi.fn(async () => ({ opened: true }));
    const failedCheckLog = vi.fn(async () => ({ log: 'AssertionError: 2 !== 3' }));
    const { send, user } = mount({
      pullRequestStatus: async () => ({ pullRequest: open, failedChecks: [check] }),
      openExternal,
      failedCheckLog,
    });
    const group = screen.getByRole('group', { name: 'Pull request' });
    expect(await within(group).findByText('#7 open · a check failed')).toBeTruthy();
    expect(within(group).queryByRole('button', { name: 'Create pull request' })).toBeNull();
    await user.click(within(group).getByRole('button', { name: 'Open pull request' }));
    expect(openExternal).toHaveBeenCalledWith({ url: open.url });
    await user.click(
      within(group).getByRole('button', { name: 'Ask Claude to fix the failing check' }),
    );
    expect(failedCheckLog).toHaveBeenCalledWith({ worktree, link: check.link });
    expect(send).toHaveBeenCalledOnce();
    expect(send.mock.calls[0]![0]).toContain('The check "test" failed');
    expect(send.mock.calls[0]![0]).toContain('AssertionError: 2 !== 3');
    expect((await screen.findByRole('status')).textContent).toContain('Asked Claude to fix test');
  });

  it('asks nothing while the page is hidden, and asks at once when it is shown', async () => {
    setVisibility('hidden');
    const pullRequestStatus = vi.fn(async () => ({ pullRequest: open, failedChecks: [] }));
    mount({ pullRequestStatus });
    await act(async () => undefined);
    expect(pullRequestStatus).not.toHaveBeenCalled();
    setVisibility('visible');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(pullRequestStatus).toHaveBeenCalledOnce();
    expect(await screen.findByText('#7 open · a check failed')).toBeTruthy();
  });
});
