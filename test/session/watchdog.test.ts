import { afterEach, describe, expect, it } from 'vitest';
import { isAlive } from '../../src/main/process/process-tree';
import type { TransportKind } from '../../src/main/agent/transport/transport';
import { lastToolResults, textReply, toolUseReply } from '../support/fake-anthropic';
import { openSession, type Harness } from './harness';

// Short enough for a test, long enough that a loaded machine's CLI answers a ping in time.
const timings = { watchdogQuietMs: 400, watchdogAnswerMs: 1500 };

/** How many answers to the watchdog's ping (`mcp_status`) the CLI wrote. */
function pingAnswers(h: Harness): number {
  return h.session.rawSnapshot().toString('utf8').split('"mcpServers"').length - 1;
}

const transports: TransportKind[] = process.platform === 'win32' ? [] : ['pty', 'pipe'];

describe.skipIf(transports.length === 0).each(transports)(
  'AgentSession watchdog over %s with the real CLI (SIGSTOP exists on Unix only)',
  (transport) => {
    let h: Harness | undefined;
    let stopped: number | null = null;
    afterEach(async () => {
      if (stopped !== null) process.kill(stopped, 'SIGCONT');
      stopped = null;
      await h?.close();
      h = undefined;
    });

    it('reports a stopped CLI as unresponsive, and busy again once it runs on', async () => {
      let release = () => {};
      const replyHeld = new Promise<void>((resolve) => (release = resolve));
      let called = () => {};
      const apiCalled = new Promise<void>((resolve) => (called = resolve));
      h = await openSession(
        transport,
        async () => {
          called();
          await replyHeld;
          return textReply('Late but here.');
        },
        { timings },
      );
      h.session.send('take your time');
      await apiCalled;
      const pid = h.session.pid!;
      process.kill(pid, 'SIGSTOP');
      stopped = pid;
      const unresponsive = await h.waitForState('unresponsive');
      // Reported only after a quiet spell and then a question unanswered for its whole bound.
      const { since } = unresponsive as { since: number };
      expect(Date.now() - since).toBeGreaterThanOrEqual(
        timings.watchdogQuietMs + timings.watchdogAnswerMs,
      );

      release();
      process.kill(pid, 'SIGCONT');
      stopped = null;
      const done = await h.waitForEvent('done');
      expect(done.response).toBe('Late but here.');
      await h.waitForState('idle');
      const states = h.lifecycle.map((l) => l.state);
      expect(states.slice(states.indexOf('unresponsive'))).toEqual([
        'unresponsive',
        'busy',
        'idle',
      ]);
      expect(h.session.pid).toBe(pid);
    });

    it('ends a stopped CLI on dispose(), as Restart session does', async () => {
      h = await openSession(transport, () => new Promise(() => {}), {
        timings: { ...timings, graceMs: 300 },
      });
      h.session.send('never answered');
      await h.waitForState('busy');
      const pid = h.session.pid!;
      process.kill(pid, 'SIGSTOP');
      stopped = pid;
      await h.waitForState('unresponsive');
      await h.session.dispose();
      stopped = null;
      expect(isAlive(pid)).toBe(false);
      expect(h.session.state).toMatchObject({ state: 'exited', reason: 'disposed' });
    });

    it('keeps a CLI busy while a slow Bash tool runs: it answers the ping', async () => {
      h = await openSession(
        transport,
        ({ body }) =>
          lastToolResults(body).length > 0
            ? textReply('Slept.')
            : toolUseReply({ name: 'Bash', input: { command: 'sleep 3' } }),
        {
          timings,
          onSession: (session) =>
            session.onEvent((event) => {
              if (event.type === 'permission_request')
                session.answerPermission(event.request_id, { behavior: 'allow' });
            }),
        },
      );
      h.session.send('sleep a while');
      await h.waitForEvent('tool_use');
      const pingsBefore = pingAnswers(h);
      await h.waitForEvent('tool_result');
      // The tool was silent for seconds: the watchdog asked, more than once, and got answers.
      expect(pingAnswers(h) - pingsBefore).toBeGreaterThanOrEqual(2);
      await h.waitForEvent('done');
      expect(h.lifecycle.map((l) => l.state)).not.toContain('unresponsive');
    });
  },
);
