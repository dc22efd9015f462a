import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import type { EventMessage, HostResponse, RequestResult } from '../../src/shared/contract/host';
import type { Host } from '../../src/main/host/host';
import { claudeHost } from '../support/claude-host';
import {
  lastToolResults,
  startFakeAnthropic,
  textReply,
  toolUseReply,
  type FakeAnthropic,
} from '../support/fake-anthropic';
import { until } from '../support/until';

let dir: string;
let fake: FakeAnthropic;
let host: Host;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'claude-rules-'));
  // Every turn asks to run one Bash command that needs permission, then ends.
  fake = await startFakeAnthropic(({ body }) =>
    lastToolResults(body).length
      ? textReply('Done.')
      : toolUseReply({ name: 'Bash', input: { command: 'touch made.txt' } }),
  );
  host = claudeHost(dir, fake.url);
});
afterEach(async () => {
  await host?.dispose();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

const home = () => join(dir, 'home');
const stripComment = (text: string) => text.replace(/^\s*\/\/.*$/m, '');
const localFile = () => join(dir, '.claude', 'settings.local.json');

function client() {
  const messages: EventMessage[] = [];
  const connection = host.connect((m) => messages.push(m));
  const events = () =>
    messages.flatMap((m) =>
      m.name === 'agentEvents' && m.payload.agentId === 'a1' ? m.payload.events : [],
    );
  const of = <T extends AgentEvent['type']>(type: T) =>
    events().filter((e): e is AgentEvent & { type: T } => e.type === type);
  const request = async <T = unknown>(name: string, params: unknown): Promise<T> => {
    const response: HostResponse = await connection.request(name, params);
    if (!response.ok) throw new Error(response.error);
    return response.result as T;
  };
  const refusal = async (name: string, params: unknown) => {
    const response: HostResponse = await connection.request(name, params);
    if (response.ok) throw new Error(`${name} was not refused`);
    return response.error;
  };
  /** One turn; resolves to the permission request it raised (answered with `answer`), if any. */
  const turn = async (answer: Record<string, unknown> = { behavior: 'allow' }) => {
    const done = of('done').length;
    const asked = of('permission_request').length;
    await request('sendAgentMessage', { agentId: 'a1', text: 'go' });
    await until(
      () => of('permission_request').length > asked || of('done').length > done,
      'a permission request or the end of the turn',
    );
    const prompt = of('permission_request')[asked];
    if (prompt) {
      await request('answerPermission', {
        agentId: 'a1',
        requestId: prompt.request_id,
        decision: answer,
      });
    }
    await until(() => of('done').length > done, 'the end of the turn');
    return prompt;
  };
  return { request, refusal, turn };
}

type Rules = RequestResult<'claudePermissionRules'>;

describe('Permission rules with the real CLI', () => {
  it('a rule added stops the next prompt, removed it asks again; "Always allow" rules are listed', async () => {
    const c = client();
    await c.request('openAgent', { agentId: 'a1' });
    const first = await c.turn({ behavior: 'deny', message: 'not yet' });
    expect(first?.tool_name).toBe('Bash');

    const added = await c.request('changeClaudePermissionRule', {
      agentId: 'a1',
      add: { behavior: 'allow', rule: 'Bash(touch made.txt)', scope: 'local' },
    });
    expect(added).toEqual({ applied: true });
    expect(JSON.parse(readFileSync(localFile(), 'utf8'))).toEqual({
      permissions: { allow: ['Bash(touch made.txt)'] },
    });
    const rules = await c.request<Rules>('claudePermissionRules', { agentId: 'a1' });
    expect(rules.rules).toContainEqual({
      behavior: 'allow',
      rule: 'Bash(touch made.txt)',
      source: 'local',
      path: localFile(),
      inForce: true,
    });
    expect(await c.turn()).toBeUndefined();
    expect(existsSync(join(dir, 'made.txt'))).toBe(true);

    const removed = await c.request('changeClaudePermissionRule', {
      agentId: 'a1',
      remove: { behavior: 'allow', rule: 'Bash(touch made.txt)', scope: 'local' },
    });
    expect(removed).toEqual({ applied: true });
    const again = await c.turn({
      behavior: 'allow_always',
      suggestion: {
        type: 'addRules',
        rules: [{ toolName: 'Bash', ruleContent: 'touch made.txt' }],
        behavior: 'allow',
        destination: 'localSettings',
      },
    });
    expect(again?.tool_name).toBe('Bash');

    // "Always allow" wrote the rule to the local file: it is listed there, and can be removed.
    const afterAlways = await c.request<Rules>('claudePermissionRules', { agentId: 'a1' });
    expect(afterAlways.rules.filter((r) => r.source === 'local')).toEqual([
      {
        behavior: 'allow',
        rule: 'Bash(touch made.txt)',
        source: 'local',
        path: localFile(),
        inForce: true,
      },
    ]);
    expect(
      await c.request('changeClaudePermissionRule', {
        agentId: 'a1',
        remove: { behavior: 'allow', rule: 'Bash(touch made.txt)', scope: 'local' },
      }),
    ).toEqual({ applied: true });
    expect((await c.turn())?.tool_name).toBe('Bash');
  }, 60_000);

  it("lists what only the session holds, as the session's: a directory granted for it", async () => {
    const c = client();
    await c.request('openAgent', { agentId: 'a1' });
    const extra = join(dir, 'extra');
    mkdirSync(extra);
    await c.turn({
      behavior: 'allow_always',
      suggestion: { type: 'addDirectories', directories: [extra], destination: 'session' },
    });
    const rules = await c.request<Rules>('claudePermissionRules', { agentId: 'a1' });
    expect(rules.additionalDirectories).toEqual([{ path: extra, source: 'session' }]);
    expect(existsSync(localFile())).toBe(false);
  }, 60_000);

  it('keeps comments, unknown keys and layout; refuses a bad rule and a file that does not parse', async () => {
    mkdirSync(join(dir, '.claude'), { recursive: true });
    const original = [
      '{',
      '  // Tether must keep this comment',
      '  "futureKey": { "nested": [1, 2] },',
      '  "permissions": {',
      '    "allow": [',
      '      "Read(./docs/**)"',
      '    ],',
      '    "defaultMode": "acceptEdits",',
      '    "additionalDirectories": ["../shared"]',
      '  }',
      '}',
      '',
    ].join('\n');
    writeFileSync(join(dir, '.claude', 'settings.json'), original);
    const c = client();
    await c.request('openAgent', { agentId: 'a1' });
    const change = (kind: 'add' | 'remove', rule: string) =>
      c.request('changeClaudePermissionRule', {
        agentId: 'a1',
        [kind]: { behavior: 'allow', rule, scope: 'project' },
      });
    // The pinned CLI reads settings as strict JSON: this file, with its comment, is not in force.
    expect(await change('add', 'WebFetch(domain:example.com)')).toEqual({ applied: false });
    expect(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')).toBe(
      original.replace(
        '"Read(./docs/**)"',
        '"Read(./docs/**)",\n      "WebFetch(domain:example.com)"',
      ),
    );
    const rules = await c.request<Rules>('claudePermissionRules', { agentId: 'a1' });
    expect(rules.files.find((f) => f.source === 'project')?.problem).toContain(
      'Claude Code ignores',
    );
    expect(rules.rules.filter((r) => r.source === 'project').map((r) => r.inForce)).toEqual([
      false,
      false,
    ]);
    expect(rules.defaultMode).toEqual({ mode: 'acceptEdits', source: 'project' });
    expect(rules.additionalDirectories).toEqual([{ path: '../shared', source: 'project' }]);
    await change('remove', 'WebFetch(domain:example.com)');
    expect(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')).toBe(original);

    // An edit: the new rule in, the old one out, in one request.
    expect(
      await c.request('changeClaudePermissionRule', {
        agentId: 'a1',
        remove: { behavior: 'allow', rule: 'Read(./docs/**)', scope: 'project' },
        add: { behavior: 'deny', rule: 'Read(./docs/private/**)', scope: 'project' },
      }),
    ).toEqual({ applied: false });
    expect(
      JSON.parse(stripComment(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')))
        .permissions,
    ).toEqual({
      allow: [],
      deny: ['Read(./docs/private/**)'],
      defaultMode: 'acceptEdits',
      additionalDirectories: ['../shared'],
    });
    writeFileSync(join(dir, '.claude', 'settings.json'), original);

    expect(
      await c.refusal('changeClaudePermissionRule', {
        agentId: 'a1',
        add: { behavior: 'deny', rule: 'WebFetch(example.com)', scope: 'project' },
      }),
    ).toContain('WebFetch rules name a domain');
    expect(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')).toBe(original);

    const broken = '{ "permissions": { "allow": [ "Bash" ] ';
    writeFileSync(localFile(), broken);
    const listed = await c.request<Rules>('claudePermissionRules', { agentId: 'a1' });
    expect(listed.files.find((f) => f.source === 'local')?.problem).toMatch(
      /settings\.local\.json is not valid JSON .* Tether left it as it is/,
    );
    expect(
      await c.refusal('changeClaudePermissionRule', {
        agentId: 'a1',
        add: { behavior: 'allow', rule: 'Bash(ls)', scope: 'local' },
      }),
    ).toContain('is not valid JSON');
    expect(readFileSync(localFile(), 'utf8')).toBe(broken);
  }, 60_000);
});

describe('Hooks and memory', () => {
  it('lists hooks per event with their file, and turns them all off and on in local settings', async () => {
    mkdirSync(join(home(), '.claude'), { recursive: true });
    const hooks = {
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo pre' }] }],
      },
    };
    writeFileSync(join(home(), '.claude', 'settings.json'), JSON.stringify(hooks));
    const c = client();
    await c.request('openAgent', { agentId: 'a1' });
    const listed = await c.request<RequestResult<'claudeHooks'>>('claudeHooks', { agentId: 'a1' });
    expect(listed.hooks).toEqual([
      {
        event: 'PreToolUse',
        matcher: 'Bash',
        command: 'echo pre',
        source: 'user',
        path: join(home(), '.claude', 'settings.json'),
      },
    ]);
    expect(listed.disabled).toBeNull();
    await c.request('setClaudeHooksDisabled', { agentId: 'a1', disabled: true });
    expect(JSON.parse(readFileSync(localFile(), 'utf8'))).toEqual({ disableAllHooks: true });
    const off = await c.request<RequestResult<'claudeHooks'>>('claudeHooks', { agentId: 'a1' });
    expect(off.disabled).toEqual({ value: true, source: 'local' });
    await c.request('setClaudeHooksDisabled', { agentId: 'a1', disabled: false });
    expect(JSON.parse(readFileSync(localFile(), 'utf8'))).toEqual({});
  }, 60_000);

  it('"Open in editor" opens a file these pages list, and no other path', async () => {
    // The system's opener, not an editor of the environment the tests run in.
    delete process.env['VISUAL'];
    delete process.env['EDITOR'];
    const opened: string[] = [];
    await host.dispose();
    host = claudeHost(dir, fake.url, {
      system: { platform: 'linux', release: '' },
      openPath: async (path) => {
        opened.push(path);
        return '';
      },
    });
    const c = client();
    await c.request('openAgent', { agentId: 'a1' });
    await c.request('openClaudeFile', { agentId: 'a1', path: localFile() });
    expect(opened).toEqual([localFile()]);
    expect(
      await c.refusal('openClaudeFile', { agentId: 'a1', path: join(dir, 'run-me.sh') }),
    ).toContain("is not one of Claude's files for this folder");
    expect(opened).toEqual([localFile()]);
  }, 60_000);

  it('lists the memory files the CLI loaded, with imports, and adds a line to one', async () => {
    mkdirSync(join(home(), '.claude'), { recursive: true });
    const userMemory = join(home(), '.claude', 'CLAUDE.md');
    writeFileSync(userMemory, 'Be brief.\n@~/.claude/style.md\n');
    writeFileSync(join(home(), '.claude', 'style.md'), 'Use tabs.');
    writeFileSync(join(dir, 'CLAUDE.md'), 'Project rules.');
    const c = client();
    await c.request('openAgent', { agentId: 'a1' });
    await c.turn({ behavior: 'deny', message: 'no' });
    const memory = await c.request<RequestResult<'claudeMemory'>>('claudeMemory', {
      agentId: 'a1',
    });
    expect(memory.files).toEqual([
      { path: userMemory, kind: 'User', importedBy: null, exists: true },
      {
        path: join(home(), '.claude', 'style.md'),
        kind: 'User',
        importedBy: userMemory,
        exists: true,
      },
      { path: join(dir, 'CLAUDE.md'), kind: 'Project', importedBy: null, exists: true },
    ]);
    await c.request('addClaudeMemory', {
      agentId: 'a1',
      path: join(dir, 'CLAUDE.md'),
      line: 'Run the tests before committing.',
    });
    expect(readFileSync(join(dir, 'CLAUDE.md'), 'utf8')).toBe(
      'Project rules.\nRun the tests before committing.\n',
    );
    expect(
      await c.refusal('addClaudeMemory', { agentId: 'a1', path: join(dir, 'other.md'), line: 'x' }),
    ).toContain('is not one of the memory files');
    expect(existsSync(join(dir, 'other.md'))).toBe(false);
  }, 60_000);
});
