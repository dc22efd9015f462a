// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RequestResult } from '../../../shared/contract/host';
import type { LibraryFilter, SessionSummary } from '../../../shared/library';
import { FakeHost } from '../blocks/agent/testing/fake-host';
import { SessionLibrary } from './SessionLibrary';

afterEach(cleanup);

beforeAll(() => {
  // jsdom lays nothing out: the virtualized list gets a viewport, its rows stay 0 px and all fit.
  for (const name of ['clientHeight', 'offsetHeight'] as const)
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute('role') === 'listbox' ? 600 : 0;
      },
    });
});

function session(sessionId: string, title: string, host?: string): SessionSummary {
  return {
    sessionId,
    path: `/copies/${sessionId}.jsonl`,
    project: host ? '/home/me/remote-app' : '/work/app',
    title,
    firstAt: Date.now() - 60_000,
    lastAt: Date.now() - 60_000,
    messages: 2,
    model: null,
    gitBranch: null,
    entrypoint: null,
    version: null,
    live: false,
    ...(host ? { host } : {}),
  };
}

const HERE = session('11111111-1111-4111-8111-111111111111', 'Fix the local build');
const THERE = session('22222222-2222-4222-8222-222222222222', 'Tune the GPU box', 'gpu-box');

/** A host that has this computer's session, gpu-box's, and a host it could not reach. */
function open() {
  const host = new FakeHost();
  host.replies.listSessions = ({ host: on }: LibraryFilter): RequestResult<'listSessions'> => {
    const sessions = on === 'gpu-box' ? [THERE] : on ? [] : [HERE];
    return {
      sessions,
      projects: sessions.map((s) => ({ project: s.project, sessions: 1, lastAt: s.lastAt })),
      problems: {
        missing: false,
        unreadable: 0,
        corrupt: 0,
        oversized: 0,
        files: [],
        hosts: [{ host: 'old-box', error: 'old-box refused the connection.' }],
      },
      hosts: ['gpu-box', 'old-box'],
      progress: null,
    };
  };
  host.replies.readSession = { session: THERE, events: [], skipped: 0, unknown: 0 };
  const onResume = vi.fn();
  render(<SessionLibrary api={host.api} onClose={() => {}} onResume={onResume} />);
  return { host, onResume, user: userEvent.setup() };
}

describe('SessionLibrary and Tether’s own sessions', () => {
  it('lists a session one of Tether’s blocks ran as Tether’s, by the block’s title', async () => {
    const host = new FakeHost();
    const headless = { ...HERE, title: 'run the tests please', entrypoint: 'sdk-cli' };
    const other = {
      ...session('33333333-3333-4333-8333-333333333333', 'From a script'),
      entrypoint: 'sdk-cli',
    };
    host.replies.listSessions = {
      sessions: [headless, other],
      projects: [{ project: HERE.project, sessions: 2, lastAt: HERE.lastAt }],
      problems: { missing: false, unreadable: 0, corrupt: 0, oversized: 0, files: [] },
      progress: null,
    };
    render(
      <SessionLibrary
        api={host.api}
        onClose={() => {}}
        onResume={() => {}}
        ownSessions={new Map([[HERE.sessionId, 'Fix the flaky test']])}
      />,
    );
    const own = await screen.findByRole('option', { name: /Fix the flaky test/ });
    expect(own.textContent).toContain('Tether');
    expect(own.textContent).not.toContain('headless');
    expect(screen.getByRole('option', { name: /From a script/ }).textContent).toContain(
      'Claude Code (headless)',
    );
  });
});

describe('SessionLibrary hosts', () => {
  it("offers this computer and each host, lists the chosen host's sessions with it", async () => {
    const { host, user } = open();
    const choice = await screen.findByRole('combobox', { name: 'Host' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['This computer', 'gpu-box', 'old-box']);
    expect(await screen.findByRole('option', { name: /Fix the local build/ })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Library status' }).textContent).toContain(
      'The sessions of old-box could not be fetched: old-box refused the connection.',
    );

    await user.selectOptions(choice, 'gpu-box');
    const row = await screen.findByRole('option', { name: /Tune the GPU box/ });
    expect(row.textContent).toContain('on gpu-box');
    expect(screen.queryByRole('option', { name: /Fix the local build/ })).toBeNull();
    expect(host.paramsOf('listSessions').at(-1)).toEqual({ host: 'gpu-box' });
  });

  it('reads a host session on its host, and resumes or forks it there', async () => {
    const { host, onResume, user } = open();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Host' }), 'gpu-box');
    await user.click(await screen.findByRole('option', { name: /Tune the GPU box/ }));
    expect(host.paramsOf('readSession')).toEqual([{ sessionId: THERE.sessionId, host: 'gpu-box' }]);
    expect(screen.getByText(/gpu-box: \/home\/me\/remote-app/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Fork' }));
    expect(onResume).toHaveBeenCalledWith(expect.objectContaining({ host: 'gpu-box' }), true);
  });

  it('shows no host filter where Tether has connected to no host', async () => {
    const host = new FakeHost();
    host.replies.listSessions = {
      sessions: [HERE],
      projects: [],
      problems: { missing: false, unreadable: 0, corrupt: 0, oversized: 0, files: [] },
      progress: null,
    };
    render(<SessionLibrary api={host.api} onClose={() => {}} onResume={() => {}} />);
    expect(await screen.findByRole('option', { name: /Fix the local build/ })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Host' })).toBeNull();
  });
});
