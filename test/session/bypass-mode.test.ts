import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  lastToolResults,
  textReply,
  toolUseReply,
  type FakeHandler,
} from '../support/fake-anthropic';
import { openSession, type Harness } from './harness';

/** Writes a file with Bash (which asks first in default mode), then says it is done. */
const writesAFile =
  (name: string): FakeHandler =>
  ({ body }) =>
    lastToolResults(body).length > 0
      ? textReply('Made it.')
      : toolUseReply({ name: 'Bash', input: { command: `echo x > ${name}` } });

/**
 * Bypassing permissions runs every tool without asking: the pinned CLI allows it only for a
 * session started in that mode, which Tether does only when the user chose it at start.
 */
describe('bypassPermissions only when chosen at start (real CLI)', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('starts in default mode, refuses a switch to bypass mid-session, and keeps asking', async () => {
    h = await openSession('pipe', writesAFile('asked.txt'));
    await expect(h.session.setPermissionMode('bypassPermissions')).rejects.toThrow();
    h.session.send('make a file');
    const started = await h.waitForEvent('session_started');
    expect(started.permission_mode).toBe('default');
    const request = await h.waitForEvent('permission_request');
    expect(request.tool_name).toBe('Bash');
    h.session.answerPermission(request.request_id, { behavior: 'allow' });
    await h.waitForEvent('done');
    expect(existsSync(join(h.cwd, 'asked.txt'))).toBe(true);
  });

  // The pinned CLI refuses bypass to root ("cannot be used with root/sudo privileges"), as on
  // this CI machine: there the start fails with that one line instead.
  const root = process.getuid?.() === 0;

  it.skipIf(root)(
    'runs tools without asking when the session was started in bypass mode',
    async () => {
      h = await openSession('pipe', writesAFile('unasked.txt'), {
        permissionMode: 'bypassPermissions',
      });
      h.session.send('make a file');
      await h.waitForEvent('done');
      expect(h.events.some((e) => e.type === 'permission_request')).toBe(false);
      expect(existsSync(join(h.cwd, 'unasked.txt'))).toBe(true);
    },
  );

  it.runIf(root)('as root, a bypass start fails with the CLI’s reason in one line', async () => {
    const started = openSession('pipe', writesAFile('unasked.txt'), {
      permissionMode: 'bypassPermissions',
    });
    const error = await started.then(
      (opened) => {
        h = opened;
        return null;
      },
      (failure: Error) => failure,
    );
    expect(error?.message).toMatch(/^Claude Code did not start: .*root\/sudo/);
    expect(error?.message).not.toContain('\n');
  });
});
