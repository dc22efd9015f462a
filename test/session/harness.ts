/**
 * Starts a real AgentSession (real CLI, real transport) against the scripted Messages API, with a
 * throwaway HOME and working directory, and records everything it emits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionLifecycle } from '../../src/shared/agent-control';
import type { AgentEvent } from '../../src/shared/agent-event';
import {
  AgentSession,
  type SessionTimings,
  type StartOptions,
} from '../../src/main/agent/agent-session';
import type { TransportKind } from '../../src/main/agent/transport/transport';
import { CLAUDE_BIN, claudeEnv } from '../support/claude-cli';
import {
  startFakeAnthropic,
  type FakeAnthropic,
  type FakeHandler,
} from '../support/fake-anthropic';

export interface Harness {
  session: AgentSession;
  fake: FakeAnthropic;
  cwd: string;
  /** The throwaway HOME: the CLI writes its session files under `.claude/projects`. */
  home: string;
  events: AgentEvent[];
  lifecycle: SessionLifecycle[];
  /** Resolves with the first event (seen so far or later) that matches. */
  waitForEvent<T extends AgentEvent['type']>(
    type: T,
    match?: (e: AgentEvent & { type: T }) => boolean,
  ): Promise<AgentEvent & { type: T }>;
  waitForState(state: SessionLifecycle['state']): Promise<SessionLifecycle>;
  /** Resolves once `condition` holds (checked on every event and state change). */
  waitUntil(condition: () => boolean, what: string): Promise<true>;
  close(): Promise<void>;
}

export async function openSession(
  transport: TransportKind,
  handler: FakeHandler,
  {
    onSession,
    timings,
    prepareHome,
    suggestion,
    ...start
  }: Partial<StartOptions> & {
    onSession?: (s: AgentSession) => void;
    timings?: Partial<SessionTimings>;
    /** Writes into the throwaway HOME before the CLI starts (its settings, say). */
    prepareHome?: (home: string) => void;
    /** What the scripted API suggests as the next prompt after a turn (default: nothing). */
    suggestion?: string;
  } = {},
): Promise<Harness> {
  const fake = await startFakeAnthropic(handler, { suggestion });
  const home = mkdtempSync(join(tmpdir(), 'tether-home-'));
  const cwd = mkdtempSync(join(tmpdir(), 'tether-cwd-'));
  prepareHome?.(home);
  const session = new AgentSession({ timings });
  const events: AgentEvent[] = [];
  const lifecycle: SessionLifecycle[] = [];
  session.onEvent((e) => events.push(e));
  session.onLifecycle((l) => lifecycle.push(l));
  onSession?.(session);

  const waitFor = <T>(pick: () => T | undefined, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = pick();
        if (found === undefined) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `timed out waiting for ${what}; events: ${JSON.stringify(events.map((e) => e.type))}`,
          ),
        );
      }, 20_000);
      let unsubscribe: (() => void)[] = [];
      const cleanup = () => {
        clearTimeout(timer);
        for (const off of unsubscribe) off();
      };
      if (check()) return;
      unsubscribe = [session.onEvent(check), session.onLifecycle(check)];
    });

  await session.start({
    cwd,
    transport,
    ...start,
    env: {
      ...claudeEnv(home, fake.url),
      TETHER_CLAUDE: CLAUDE_BIN,
      ...start.env,
      ANTHROPIC_BASE_URL: fake.url,
    },
  });

  return {
    session,
    fake,
    cwd,
    home,
    events,
    lifecycle,
    waitForEvent: (type, match) =>
      waitFor(
        () =>
          events.find(
            (e): e is AgentEvent & { type: typeof type } =>
              e.type === type && (!match || match(e as never)),
          ),
        `a ${type} event`,
      ),
    waitUntil: (condition, what) => waitFor(() => (condition() ? true : undefined), what),
    waitForState: (state) =>
      waitFor(() => (session.state.state === state ? session.state : undefined), `state ${state}`),
    async close() {
      await session.dispose();
      await fake.close();
      rmSync(home, { recursive: true, force: true });
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}
