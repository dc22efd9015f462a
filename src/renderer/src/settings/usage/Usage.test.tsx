// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestResult } from '../../../../shared/contract/host';
import { FakeHost } from '../../blocks/agent/testing/fake-host';
import { UsageView } from './Usage';

afterEach(cleanup);

const noSessions = { days: [], projects: [], sessions: 0, sessionsWithoutCost: 0 };

function open(reply: RequestResult<'usage'>, agentId: string | null = 'a1') {
  const host = new FakeHost();
  host.replies.usage = reply;
  render(<UsageView api={host.api} agentId={agentId} onClose={() => {}} />);
  return host;
}

describe('"Usage"', () => {
  it('shows each plan window with its use and reset time', async () => {
    const resetsAt = new Date(2026, 11, 3, 20, 0).getTime();
    const host = open({
      table: noSessions,
      plan: {
        subscription: 'max',
        available: true,
        windows: [
          { name: 'Current session (5 hours)', utilization: 42.5, resetsAt },
          { name: 'Current week (all models)', utilization: 12, resetsAt: null },
        ],
      },
      planUnavailable: null,
    });
    const limits = await screen.findByRole('list', { name: 'Plan limits' });
    expect(host.paramsOf('usage')).toEqual([{ agentId: 'a1' }]);
    const session = within(limits).getByRole('meter', { name: 'Current session (5 hours)' });
    expect(session.getAttribute('value')).toBe('42.5');
    const [first, second] = within(limits).getAllByRole('listitem');
    expect(first!.textContent).toContain('43% used');
    // 3 December 2026 is a Thursday; the hour is as the locale writes it.
    expect(first!.textContent).toMatch(/resets Thu (08:00 PM|20:00)$/);
    expect(second!.textContent).toContain('12% used');
    expect(screen.getByText(/No Claude Code session on this computer/)).toBeTruthy();
  });

  it('says why there are no plan limits: no agent block, or a sign-in without a plan', async () => {
    open(
      {
        table: noSessions,
        plan: null,
        planUnavailable: 'Plan limits come from Claude Code: open an agent block to see them.',
      },
      null,
    );
    expect(await screen.findByText(/open an agent block to see them/)).toBeTruthy();
    cleanup();
    open({
      table: noSessions,
      plan: { subscription: null, available: false, windows: [] },
      planUnavailable: null,
    });
    expect(await screen.findByText(/No plan limits apply/)).toBeTruthy();
  });
});
