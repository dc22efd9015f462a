/**
 * Background tasks against the real CLI: a Bash command run in the background outlives its turn,
 * its output can be read while it runs (`get_task_output`), and `stop_task` stops it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { UnhandledOutput } from '../../src/main/agent/agent-session';
import type { TransportKind } from '../../src/main/agent/transport/transport';
import { lastToolResults, textReply, toolUseReply } from '../support/fake-anthropic';
import { openSession, type Harness } from './harness';

const transports: TransportKind[] = process.platform === 'win32' ? ['pipe'] : ['pty', 'pipe'];

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it.each(transports)(
  "over %s: reads a background shell's output while it runs, and stops it",
  async (transport) => {
    const unhandled: UnhandledOutput[] = [];
    h = await openSession(
      transport,
      ({ body }) =>
        lastToolResults(body).length
          ? textReply('Started.')
          : toolUseReply({
              name: 'Bash',
              input: {
                command: 'echo first line; sleep 60; echo late > late.txt',
                description: 'Slow job',
                run_in_background: true,
              },
            }),
      { onSession: (s) => s.onUnhandled((u) => unhandled.push(u)) },
    );
    const session = h.session;
    session.send('start the slow job');
    const ask = await h.waitForEvent('permission_request');
    session.answerPermission(ask.request_id, { behavior: 'allow', updatedInput: ask.input });
    const started = await h.waitForEvent('subagent', (e) => e.status === 'started');
    expect(started).toMatchObject({ task_type: 'local_bash', description: 'Slow job' });
    expect(started.started_at).toEqual(expect.any(Number));
    await h.waitForEvent('done');

    // The turn is over; the task still runs and is listed.
    const listed = h.events.filter((e) => e.type === 'background_tasks').at(-1);
    expect(listed).toMatchObject({ tasks: [{ task_id: started.task_id }] });
    let output = '';
    for (let i = 0; i < 50 && !output; i++) {
      output = (await session.taskOutput(started.task_id)).output;
      if (!output) await new Promise((r) => setTimeout(r, 100));
    }
    expect(output).toBe('first line\n');

    await session.stopTask(started.task_id);
    await h.waitForEvent('background_tasks', (e) => e.tasks.length === 0);
    expect(h.events.filter((e) => e.type === 'subagent').map((e) => e.status)).toEqual(
      expect.arrayContaining(['killed', 'stopped']),
    );
    expect(existsSync(join(h.cwd, 'late.txt'))).toBe(false);
    expect(unhandled.map((u) => u.line)).toEqual([]);
  },
);
