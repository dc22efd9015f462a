import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMessage } from '../../shared/contract/host';
import type { WorkspaceState } from '../../shared/workspace-state';
import { descendantsOf, isAlive } from '../process/process-tree';
import type { Host, HostOptions } from './host';
import { SettingsFile } from './settings';
import { ON_DISK_DIR } from '#test/conformance/on-disk';
import { testHost } from '#test/support/test-host';
import { until } from '#test/support/until';

let dir: string;
let logged: string[];
let host: Host;

function makeHost(overrides: Partial<HostOptions> = {}): Host {
  host = testHost(dir, { log: (message) => logged.push(message), ...overrides });
  return host;
}

function connect() {
  const events: EventMessage[] = [];
  const connection = host.connect((event) => events.push(event));
  const output = (terminalId: string) =>
    Buffer.concat(
      events
        .filter((event) => event.name === 'terminalData' && event.payload.terminalId === terminalId)
        .map((event) => (event.payload as { data: Uint8Array }).data),
    ).toString();
  return { connection, events, output };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'host-test-'));
  logged = [];
});

afterEach(async () => {
  await host?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('Host: the contract at the boundary', () => {
  it('rejects and logs an unknown request without acting on it', async () => {
    makeHost();
    const { connection } = connect();
    const response = await connection.request('deleteEverything', {});
    expect(response).toEqual({ ok: false, error: 'unknown request "deleteEverything"' });
    expect(logged.join('\n')).toContain('deleteEverything');
  });

  it('rejects invalid parameters with a one-line reason naming the field', async () => {
    makeHost();
    const { connection } = connect();
    const response = await connection.request('openTerminal', {
      terminalId: 't/1',
      cols: 0,
      rows: 24,
    });
    expect(response.ok).toBe(false);
    expect(response).toMatchObject({
      error: expect.stringMatching(/^openTerminal: terminalId: .*; cols: /),
    });
    expect(logged).toHaveLength(1);
  });

  it('refuses extra fields: a message means exactly what the contract says', async () => {
    makeHost();
    const { connection } = connect();
    const response = await connection.request('getAppInfo', { sneaky: true });
    expect(response.ok).toBe(false);
  });

  it('answers a handler failure as an error, not a throw', async () => {
    makeHost();
    const { connection } = connect();
    const response = await connection.request('openAgentRaw', { agentId: 'nope' });
    expect(response).toEqual({ ok: false, error: 'openAgentRaw: no open agent nope' });
  });
});

describe('Host: app info', () => {
  it('on Windows reports ConPTY and the build, for xterm to reflow as it does', async () => {
    makeHost({ system: { platform: 'win32', release: '10.0.22631' } });
    const response = await connect().connection.request('getAppInfo', {});
    expect(response).toMatchObject({
      ok: true,
      result: {
        platform: 'win32',
        shell: '/bin/sh',
        windowsPty: { backend: 'conpty', buildNumber: 22631 },
      },
    });
  });

  it.each([
    ['linux', '6.8.0-45-generic'],
    ['darwin', '24.1.0'],
  ] as const)('on %s reports no Windows pty', async (platform, release) => {
    makeHost({ system: { platform, release } });
    const response = await connect().connection.request('getAppInfo', {});
    expect(response).toMatchObject({ ok: true, result: { platform } });
    expect(response).not.toHaveProperty('result.windowsPty');
  });
});

describe('Host: terminals', () => {
  it('opens a shell in the workspace directory and streams its output', async () => {
    makeHost();
    const { connection, output } = connect();
    const opened = await connection.request('openTerminal', {
      terminalId: 'a.0',
      cols: 80,
      rows: 24,
    });
    expect(opened).toEqual({ ok: true, result: { cwd: dir, shell: '/bin/sh' } });
    await connection.request('writeTerminal', { terminalId: 'a.0', data: 'echo "in:$(pwd)"\r' });
    await until(() => output('a.0').includes(`in:${dir}`), 'the echo');
  });

  it('tells the client when a command line moves the shell to another directory', async () => {
    makeHost();
    const { connection, events } = connect();
    await connection.request('openTerminal', { terminalId: 'd.0', cols: 80, rows: 24 });
    await connection.request('writeTerminal', {
      terminalId: 'd.0',
      data: 'mkdir -p sub && cd sub\r',
    });
    await until(
      () => events.some((event) => event.name === 'terminalDirectory'),
      'the new directory',
    );
    expect(events.find((event) => event.name === 'terminalDirectory')).toEqual({
      name: 'terminalDirectory',
      payload: { terminalId: 'd.0', cwd: join(dir, 'sub') },
    });
  });

  it('falls back to the workspace directory when the requested one is gone', async () => {
    makeHost();
    const { connection } = connect();
    const opened = await connection.request('openTerminal', {
      terminalId: 'a.0',
      cwd: join(dir, 'missing'),
      cols: 80,
      rows: 24,
    });
    expect(opened).toEqual({ ok: true, result: { cwd: dir, shell: '/bin/sh' } });
  });

  it('keeps each client to its own terminals and ends them when it goes', async () => {
    makeHost();
    const first = connect();
    const second = connect();
    await first.connection.request('openTerminal', { terminalId: 'x.0', cols: 80, rows: 24 });
    // Another client's keys for it go nowhere: the shell does not exit, it answers below.
    await second.connection.request('writeTerminal', { terminalId: 'x.0', data: 'exit\r' });
    expect(await second.connection.request('terminalBusy', { terminalId: 'x.0' })).toEqual({
      ok: true,
      result: { busy: false },
    });
    await first.connection.request('writeTerminal', { terminalId: 'x.0', data: 'echo pid=$$\r' });
    await until(() => /pid=\d+/.test(first.output('x.0')), 'the shell pid');
    const pid = Number(/pid=(\d+)/.exec(first.output('x.0'))![1]);
    await first.connection.close();
    expect(isAlive(pid)).toBe(false);
  });

  it('says a terminal is busy while a program other than the shell runs in it', async () => {
    makeHost();
    const { connection, output } = connect();
    await connection.request('openTerminal', { terminalId: 'b.0', cols: 80, rows: 24 });
    await connection.request('writeTerminal', { terminalId: 'b.0', data: 'echo ready\r' });
    await until(() => output('b.0').includes('ready\r\n'), 'the prompt');
    const idle = await connection.request('terminalBusy', { terminalId: 'b.0' });
    expect(idle).toEqual({ ok: true, result: { busy: false } });
    await connection.request('writeTerminal', { terminalId: 'b.0', data: 'sleep 30\r' });
    // The shell hands the terminal to `sleep` a moment after the command line arrives.
    await expect
      .poll(() => connection.request('terminalBusy', { terminalId: 'b.0' }))
      .toEqual({ ok: true, result: { busy: true, command: 'sleep' } });
  });

  it('opens a new shell under the id of one being closed, once that one has ended', async () => {
    makeHost();
    const { connection, output, events } = connect();
    await connection.request('openTerminal', { terminalId: 'r.0', cols: 80, rows: 24 });
    await connection.request('writeTerminal', { terminalId: 'r.0', data: 'echo pid=$$\r' });
    await until(() => /pid=\d+/.test(output('r.0')), 'the first shell');
    const closing = connection.request('closeTerminal', { terminalId: 'r.0' });
    const reopened = await connection.request('openTerminal', {
      terminalId: 'r.0',
      cols: 80,
      rows: 24,
    });
    await closing;
    // A fresh shell: no replay of the old one's output.
    expect(reopened).toEqual({ ok: true, result: { cwd: dir, shell: '/bin/sh' } });
    await connection.request('writeTerminal', { terminalId: 'r.0', data: 'echo again\r' });
    await until(() => output('r.0').includes('again\r\n'), 'the new shell');
    // The block reopened under the id hears nothing of the shell it closed: no exit notice.
    expect(events.filter((event) => event.name === 'terminalExit')).toEqual([]);
  });

  it('reports an exit and forgets the terminal', async () => {
    makeHost();
    const { connection, events } = connect();
    await connection.request('openTerminal', { terminalId: 'e.0', cols: 80, rows: 24 });
    await connection.request('writeTerminal', { terminalId: 'e.0', data: 'exit 4\r' });
    await until(() => events.some((event) => event.name === 'terminalExit'), 'the exit');
    expect(events.at(-1)).toEqual({
      name: 'terminalExit',
      payload: { terminalId: 'e.0', exitCode: 4, signal: null },
    });
    // Keys and resizes still on their way to the ended shell are no one's error.
    expect(
      await connection.request('resizeTerminal', { terminalId: 'e.0', cols: 90, rows: 30 }),
    ).toEqual({
      ok: true,
      result: null,
    });
    expect(await connection.request('writeTerminal', { terminalId: 'e.0', data: 'ls\r' })).toEqual({
      ok: true,
      result: null,
    });
  });
});

describe.skipIf(process.platform !== 'linux')('Host: many blocks opened and closed', () => {
  it('leaves no process or open file behind', async () => {
    makeHost();
    const { connection, output } = connect();
    const cycle = async (terminalId: string) => {
      await connection.request('openTerminal', { terminalId, cols: 80, rows: 24 });
      await connection.request('writeTerminal', { terminalId, data: 'echo up$((1+1))\r' });
      await until(() => output(terminalId).includes('up2'), `the shell of ${terminalId}`);
      expect(await connection.request('closeTerminal', { terminalId })).toEqual({
        ok: true,
        result: null,
      });
    };
    // What is made once, on the first terminal, is not a leak.
    await cycle('warm.0');
    const files = () => readdirSync('/proc/self/fd').length;
    const filesBefore = files();
    // `ps`, which lists them, is one of them.
    const children = () => descendantsOf(process.pid).length;
    const childrenBefore = children();
    for (let i = 0; i < 25; i++) await cycle(`cycle.${i}`);
    await until(() => children() <= childrenBefore, 'the closed shells to be gone');
    // A pty left open would be two more descriptors per cycle, 50 in all.
    expect(files()).toBeLessThanOrEqual(filesBefore + 4);
  });
});

describe('Host: agents', () => {
  it('forgets the history of a closed agent block that can no longer be reopened', async () => {
    const agentLogDir = join(dir, 'agents');
    makeHost({ agentLogDir });
    await mkdir(agentLogDir);
    await writeFile(join(agentLogDir, 'gone.jsonl'), '{}\n');
    await writeFile(join(agentLogDir, 'kept.jsonl'), '{}\n');
    const { connection } = connect();
    await connection.request('closeAgent', { agentId: 'kept', forget: false });
    await connection.request('closeAgent', { agentId: 'gone', forget: true });
    expect(await readdir(agentLogDir)).toEqual(['kept.jsonl']);
  });
});

describe('Host: worktrees', () => {
  it('makes one where the settings say, counts its changes, and discards it', async () => {
    const repo = join(dir, 'repo');
    await mkdir(repo);
    const env = { PATH: process.env['PATH'], HOME: dir, GIT_CONFIG_NOSYSTEM: '1' };
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, env });
    git('init', '-q', '-b', 'main');
    await writeFile(join(repo, 'a.txt'), 'a\n');
    git('add', '.');
    git('-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'first');
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ worktreeFolder: '../trees' }));
    const settings = new SettingsFile(join(dir, 'settings.json'));
    makeHost({ settings, environment: Promise.resolve(env) });
    const { connection } = connect();

    const made = await connection.request('createWorktree', { cwd: repo });
    if (!made.ok) throw new Error(made.error);
    const worktree = made.result as { path: string; branch: string };
    expect(worktree.path.startsWith(join(dir, 'trees'))).toBe(true);
    await writeFile(join(worktree.path, 'a.txt'), 'a\nb\n');
    expect(await connection.request('worktreeStat', { worktree })).toMatchObject({
      ok: true,
      result: { files: 1, insertions: 1, deletions: 0 },
    });
    expect(await connection.request('discardWorktree', { worktree })).toEqual({
      ok: true,
      result: null,
    });
    expect(existsSync(worktree.path)).toBe(false);
    expect(git('branch', '--list', worktree.branch).toString()).toBe('');
  });

  it('answers outside a repository with the reason', async () => {
    makeHost();
    const { connection } = connect();
    expect(await connection.request('createWorktree', { cwd: dir })).toEqual({
      ok: false,
      error: expect.stringContaining(`createWorktree: ${dir} is not in a git repository`),
    });
  });
});

describe('Host: session library', () => {
  // A session the real CLI wrote (a conformance recording), where CLAUDE_CONFIG_DIR points.
  async function libraryHost() {
    const fixture = join(ON_DISK_DIR, 'two-turns.jsonl');
    const text = await readFile(fixture, 'utf8');
    const sessionId = /"sessionId":"([^"]+)"/.exec(text)![1]!;
    const claudeDir = join(dir, 'claude');
    await mkdir(join(claudeDir, 'projects', '-tmp-project'), { recursive: true });
    await copyFile(fixture, join(claudeDir, 'projects', '-tmp-project', `${sessionId}.jsonl`));
    makeHost({
      libraryIndexDir: join(dir, 'library'),
      agentLogDir: join(dir, 'agents'),
      environment: Promise.resolve({ ...process.env, CLAUDE_CONFIG_DIR: claudeDir }),
      // No CLI: the block's history is what is checked, not the session it would start.
      claudePath: join(dir, 'no-claude'),
    });
    return { sessionId, ...connect() };
  }
  const ok = <T>(response: { ok: boolean; result?: unknown; error?: string }): T => {
    if (!response.ok) throw new Error(response.error);
    return response.result as T;
  };

  it('lists, finds by a word of a reply, and reads a session the CLI wrote', async () => {
    const { connection, sessionId } = await libraryHost();
    type Listed = { sessions: { sessionId: string; title: string }[] };
    await expect
      .poll(async () => {
        const listed = ok<Listed>(await connection.request('listSessions', {}));
        return listed.sessions.map((session) => session.sessionId);
      })
      .toEqual([sessionId]);
    const { hits } = ok<{ hits: { session: { sessionId: string } }[] }>(
      await connection.request('searchSessions', { query: 'question' }),
    );
    expect(hits.map((hit) => hit.session.sessionId)).toEqual([sessionId]);
    const read = ok<{ events: { type: string }[] }>(
      await connection.request('readSession', { sessionId }),
    );
    expect(read.events.filter((event) => event.type === 'user_message')).toHaveLength(2);
  });

  it('gives a block that resumes a session from the library its earlier conversation', async () => {
    const { connection, sessionId } = await libraryHost();
    const opened = ok<{ history: { type: string }[] }>(
      await connection.request('openAgent', { agentId: 'resumed', resumeSessionId: sessionId }),
    );
    expect(opened.history.filter((event) => event.type === 'user_message')).toHaveLength(2);
    // Kept in the block's own log: a reopen shows it without asking the library again.
    expect(await readFile(join(dir, 'agents', 'resumed.jsonl'), 'utf8')).toContain('1+1');
  });
});

describe('Host: opening an edited file', () => {
  // The block's log as the agent left it: a Write that changed a file, a Read that changed none.
  async function loggedBlock(path: string) {
    const events = [
      { type: 'tool_use', id: 'w', name: 'Write', input: { file_path: path, content: 'x' } },
      { type: 'tool_result', tool_use_id: 'w', content: 'ok', is_error: false },
      { type: 'tool_use', id: 'r', name: 'Read', input: { file_path: '/etc/hosts' } },
      { type: 'tool_result', tool_use_id: 'r', content: 'x', is_error: false },
    ].map((event) => ({ parent_tool_use_id: null, ...event }));
    await mkdir(join(dir, 'agents'), { recursive: true });
    await writeFile(
      join(dir, 'agents', 'a1.jsonl'),
      events.map((event) => `${JSON.stringify(event)}\n`).join(''),
    );
  }

  it('on Windows with no editor, shows the file in its folder and never opens it', async () => {
    const file = 'C:\\work\\run & calc.bat';
    await loggedBlock(file);
    const done: string[] = [];
    makeHost({
      system: { platform: 'win32', release: '10.0.22631' },
      environment: Promise.resolve({}),
      openPath: async (path) => (done.push(`open ${path}`), ''),
      revealPath: (path) => void done.push(`reveal ${path}`),
    });
    const { connection } = connect();
    expect(await connection.request('openEditedFile', { agentId: 'a1', toolUseId: 'w' })).toEqual({
      ok: true,
      result: null,
    });
    expect(done).toEqual([`reveal ${file}`]);
  });

  it('refuses a call that changed no file, and a path that is an option, saying why', async () => {
    await loggedBlock('--flag');
    makeHost({ openPath: async () => '', revealPath: () => undefined });
    const { connection } = connect();
    expect(await connection.request('openEditedFile', { agentId: 'a1', toolUseId: 'r' })).toEqual({
      ok: false,
      error: 'openEditedFile: a Read call edits no file',
    });
    expect(await connection.request('openEditedFile', { agentId: 'a1', toolUseId: 'w' })).toEqual({
      ok: false,
      error: 'openEditedFile: the edit names no absolute path of a file on this machine',
    });
  });
});

describe('Host: exports', () => {
  it('writes only to a path the user chose in the save dialog, once', async () => {
    const target = join(dir, 'chosen.md');
    const asked: string[] = [];
    makeHost({ chooseSavePath: async (name) => (asked.push(name), target) });
    const { connection } = connect();
    const chosen = await connection.request('chooseExportFile', { suggestedName: 'talk.md' });
    expect(asked).toEqual(['talk.md']);
    const { token } = (chosen as { result: { token: string } }).result;
    expect(await connection.request('writeExportFile', { token, content: '# Talk\n' })).toEqual({
      ok: true,
      result: { path: target },
    });
    expect(await readFile(target, 'utf8')).toBe('# Talk\n');
    const again = await connection.request('writeExportFile', { token, content: 'other' });
    expect(again.ok).toBe(false);
    const forged = await connection.request('writeExportFile', { token: 'made-up', content: 'x' });
    expect(forged.ok).toBe(false);
    expect(await readFile(target, 'utf8')).toBe('# Talk\n');
  });

  it('says so where it has no save dialog (browser mode), and when the user cancels', async () => {
    makeHost();
    expect(
      await connect().connection.request('chooseExportFile', { suggestedName: 'a.md' }),
    ).toEqual({
      ok: true,
      result: { supported: false, token: null },
    });
    await host.dispose();
    makeHost({ chooseSavePath: async () => null });
    expect(
      await connect().connection.request('chooseExportFile', { suggestedName: 'a.md' }),
    ).toEqual({
      ok: true,
      result: { supported: true, token: null },
    });
  });
});

describe('Host: workspace and links', () => {
  const state: WorkspaceState = {
    version: 1,
    layout: { type: 'block', blockId: 'b1' },
    blocks: { b1: { kind: 'terminal', cwd: '/tmp' } },
    focused: 'b1',
  };

  it('saves and loads the workspace', async () => {
    makeHost();
    const { connection } = connect();
    expect(await connection.request('loadWorkspace', {})).toEqual({ ok: true, result: null });
    expect(await connection.request('saveWorkspace', { workspace: state })).toEqual({
      ok: true,
      result: null,
    });
    expect(await connection.request('loadWorkspace', {})).toEqual({ ok: true, result: state });
  });

  it('refuses a layout nested hundreds of levels deep with an error, and keeps serving', async () => {
    makeHost();
    const { connection } = connect();
    let layout: unknown = { type: 'block', blockId: 'b1' };
    for (let level = 0; level < 550; level++) {
      layout = {
        type: 'split',
        id: `s${level}`,
        orientation: 'horizontal',
        children: [layout, { type: 'block', blockId: 'b1' }],
        sizes: [50, 50],
      };
    }
    const refused = await connection.request('saveWorkspace', {
      workspace: { ...state, layout },
    });
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/^saveWorkspace: /) });
    expect(await connection.request('saveWorkspace', { workspace: state })).toEqual({
      ok: true,
      result: null,
    });
  });

  it('keeps an unreadable workspace file aside instead of overwriting it', async () => {
    makeHost();
    await writeFile(join(dir, 'workspace.json'), '{"version": 99}');
    const { connection } = connect();
    expect(await connection.request('loadWorkspace', {})).toEqual({ ok: true, result: null });
    expect((await readdir(dir)).some((name) => name.startsWith('workspace.json.unreadable-'))).toBe(
      true,
    );
    expect(logged.join('\n')).toContain('could not be read');
  });

  it('opens only http(s) links, and says so when it cannot open any', async () => {
    const opened: string[] = [];
    makeHost({ openExternal: async (url) => void opened.push(url) });
    const { connection } = connect();
    expect(await connection.request('openExternal', { url: 'https://example.com/a' })).toEqual({
      ok: true,
      result: { opened: true },
    });
    const refused = await connection.request('openExternal', { url: 'file:///etc/passwd' });
    expect(refused.ok).toBe(false);
    expect(opened).toEqual(['https://example.com/a']);

    await host.dispose();
    makeHost();
    expect(
      await connect().connection.request('openExternal', { url: 'http://example.com' }),
    ).toEqual({
      ok: true,
      result: { opened: false },
    });
  });
});
