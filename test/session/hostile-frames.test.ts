/**
 * Frames a broken or hostile CLI could print, through a real AgentSession in front of the real
 * CLI: they are counted as unhandled, a control request among them is refused, and the session
 * and the turn after them go on.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UnhandledOutput } from '../../src/main/agent/agent-session';
import type { TransportKind } from '../../src/main/agent/transport/transport';
import { CLAUDE_BIN } from '../support/claude-cli';
import { textReply } from '../support/fake-anthropic';
import { openSession, type Harness } from './harness';

const deepInput = '{"a":'.repeat(4999) + '{}' + '}'.repeat(4999);
const HOSTILE = [
  `{"type":"control_request","request_id":"deep","request":{"subtype":"can_use_tool","tool_name":"Bash","input":${deepInput}}}`,
  `{"type":"assistant","message":{"id":"m","model":"x","content":[${'['.repeat(5000)}${']'.repeat(5000)}]}}`,
  '{"type":"result","is_error":false,"result":"not the end of a turn"}',
  '{"type":"control_request","request":{"subtype":"can_use_tool"}}',
  // Well-formed, but of kinds Tether does not know (a later CLI's): shown raw, a request refused.
  '{"type":"system","subtype":"future_subtype","detail":1}',
  '{"type":"control_request","request_id":"future","request":{"subtype":"future_request"}}',
];

const transports: TransportKind[] = process.platform === 'win32' ? ['pipe'] : ['pty', 'pipe'];

describe.each(transports)('AgentSession over %s: hostile frames', (transport) => {
  let h: Harness | undefined;
  let dir = '';
  afterEach(async () => {
    await h?.close();
    h = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts deep and malformed frames as unhandled, and the turn after them works', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tether-hostile-'));
    writeFileSync(join(dir, 'frames.jsonl'), HOSTILE.join('\n') + '\n');
    // A `claude` that prints the hostile frames before handing over to the real CLI, and keeps a
    // copy of what Tether writes to it.
    const wrapper = join(dir, 'claude-wrapper.sh');
    const stdinCopy = join(dir, 'stdin.jsonl');
    writeFileSync(
      wrapper,
      `#!/bin/sh\ncat ${JSON.stringify(join(dir, 'frames.jsonl'))}\ntee ${JSON.stringify(stdinCopy)} | ${JSON.stringify(CLAUDE_BIN)} "$@"\n`,
    );
    chmodSync(wrapper, 0o755);
    const unhandled: UnhandledOutput[] = [];
    h = await openSession(transport, () => textReply('Fine.'), {
      env: { TETHER_CLAUDE: wrapper },
      onSession: (s) => s.onUnhandled((u) => unhandled.push(u)),
    });
    h.session.send('hi');
    await h.waitForEvent('done');
    expect(unhandled.map((u) => u.count)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(unhandled.map((u) => u.line)).toEqual(
      HOSTILE.map((l) => (l.length > 500 ? l.slice(0, 500) + '…' : l)),
    );
    expect(h.events.map((e) => e.type)).not.toContain('permission_request');
    expect(h.events.filter((e) => e.type === 'done')).toEqual([
      { type: 'done', response: 'Fine.' },
    ]);
    expect(h.session.pendingPermissions).toEqual([]);
    // The broken request that still named itself was refused, not left waiting.
    const written = readFileSync(stdinCopy, 'utf8').split('\n').filter(Boolean);
    expect(written.map((line) => JSON.parse(line) as unknown)).toContainEqual({
      type: 'control_response',
      response: { subtype: 'error', request_id: 'deep', error: expect.any(String) },
    });
    expect(written.map((line) => JSON.parse(line) as unknown)).toContainEqual({
      type: 'control_response',
      response: {
        subtype: 'error',
        request_id: 'future',
        error: 'Unsupported control request subtype: future_request',
      },
    });
    expect(h.session.state.state).not.toBe('exited');
  });
});
