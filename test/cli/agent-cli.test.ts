import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLAUDE_BIN, claudeEnv } from '../support/claude-cli';
import {
  errorReply,
  lastToolResults,
  lastUserText,
  startFakeAnthropic,
  textReply,
  toolUseReply,
  type FakeAnthropic,
  type FakeHandler,
} from '../support/fake-anthropic';
import { spawn as spawnPty } from 'node-pty';
import { jsonLines, runScript, TSX } from './run-script';

const SCRIPT = 'src/main/agent/agent-cli.ts';

/** How the turn ended: the last event but the prompt's own bookkeeping, which may follow it. */
const outcome = (events: Record<string, unknown>[]) =>
  events.filter((event) => event['type'] !== 'prompt_state').at(-1);

const makeFile: FakeHandler = ({ body }) =>
  lastToolResults(body).length > 0
    ? textReply('Made it.')
    : toolUseReply({ name: 'Bash', input: { command: 'echo hi > made.txt' } });

describe('npm run agent (headless runner)', () => {
  let fake: FakeAnthropic | undefined;
  let home: string;
  let cwd: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'tether-home-'));
    cwd = mkdtempSync(join(tmpdir(), 'tether-cwd-'));
  });
  afterEach(async () => {
    await fake?.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(cwd, { recursive: true, force: true });
  });
  const env = () => ({
    ...claudeEnv(home, fake!.url),
    TETHER_CLAUDE: CLAUDE_BIN,
    PATH: process.env['PATH'],
  });

  it.each(['pty', 'pipe'])(
    'runs one turn over %s with --permission allow and exits 0 after done',
    async (transport) => {
      fake = await startFakeAnthropic(makeFile);
      const run = await runScript(
        SCRIPT,
        ['--cwd', cwd, '--permission', 'allow', '--transport', transport, 'make', 'a', 'file'],
        { env: env() },
      );
      expect(run.code).toBe(0);
      const events = jsonLines(run.stdout);
      expect(events.map((e) => e['type'])).toEqual(
        expect.arrayContaining(['permission_request', 'tool_use', 'tool_result', 'done']),
      );
      expect(outcome(events)).toEqual({ type: 'done', response: 'Made it.' });
      expect(readFileSync(join(cwd, 'made.txt'), 'utf8')).toBe('hi\n');
      expect(lastUserText(fake.calls[0]!.body)).toContain('make a file');
    },
  );

  it('denies with --permission deny: the tool does not run', async () => {
    fake = await startFakeAnthropic(makeFile);
    const run = await runScript(
      SCRIPT,
      ['--cwd', cwd, '--permission', 'deny', '--transport', 'pipe', 'go'],
      { env: env() },
    );
    expect(run.code).toBe(0);
    expect(jsonLines(run.stdout).find((e) => e['type'] === 'tool_result')).toMatchObject({
      is_error: true,
    });
    expect(existsSync(join(cwd, 'made.txt'))).toBe(false);
  });

  it('reads the prompt from stdin with "-"', async () => {
    fake = await startFakeAnthropic(({ body }) =>
      textReply(`heard: ${lastUserText(body).includes('from stdin ✓')}`),
    );
    const run = await runScript(SCRIPT, ['--cwd', cwd, '-'], {
      env: env(),
      input: 'a prompt from stdin ✓\n',
    });
    expect(run.code).toBe(0);
    expect(outcome(jsonLines(run.stdout))).toEqual({ type: 'done', response: 'heard: true' });
  });

  it.each([
    ['y', true],
    ['n', false],
  ])('asks on the terminal with --permission ask; answering %s', async (key, runs) => {
    fake = await startFakeAnthropic(makeFile);
    const term = spawnPty(
      TSX,
      [join(__dirname, '..', '..', SCRIPT), '--cwd', cwd, '--permission', 'ask', 'go'],
      {
        env: env() as Record<string, string>,
        cols: 200,
      },
    );
    let screen = '';
    const code = await new Promise<number>((resolve) => {
      term.onData((data) => {
        screen += data;
        if (/\[y\]es \/ \[a\]lways \/ \[n\]o: $/.test(screen)) term.write(`${key}\r`);
      });
      term.onExit(({ exitCode }) => resolve(exitCode));
    });
    expect(screen).toMatch(/Allow Bash \{"command":"echo hi > made.txt"/);
    expect(code).toBe(0);
    expect(existsSync(join(cwd, 'made.txt'))).toBe(runs);
  });

  it('exits 1 after an error event', async () => {
    fake = await startFakeAnthropic(() => errorReply(400, 'invalid_request_error', 'no way'));
    const run = await runScript(SCRIPT, ['--cwd', cwd, 'hello'], { env: env() });
    expect(run.code).toBe(1);
    expect(outcome(jsonLines(run.stdout))).toMatchObject({ type: 'error', subtype: 'api_error' });
  });

  it('exits 2 with one line and no stack trace when the CLI is missing', async () => {
    fake = await startFakeAnthropic(() => textReply('unused'));
    const run = await runScript(SCRIPT, ['--cwd', cwd, 'hello'], {
      env: { ...env(), TETHER_CLAUDE: join(cwd, 'no-such-claude') },
    });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(
      /^agent: Claude Code CLI not found.*TETHER_CLAUDE.*Install Claude Code/,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe('');
  });

  it('exits 2 with usage for bad arguments', async () => {
    const run = await runScript(SCRIPT, ['--permission', 'maybe', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--permission must be allow, deny or ask/);
  });
});
