/**
 * What the pinned CLI answers to the settings requests "Permission rules", "Hooks" and "Memory"
 * build on (docs/protocol.md, "Claude settings: permission rules, hooks and memory"): the shapes
 * Tether parses, and the refusals that decided how Tether writes rules (files, not requests).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  memoryFilesAnswer,
  permissionRulesAnswer,
  settingsAnswer,
} from '../../src/main/host/claude/cli-answers';
import { textReply } from '../support/fake-anthropic';
import { openSession, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('answers get_settings, update_settings, apply_flag_settings and the listings as recorded', async () => {
  h = await openSession('pipe', () => textReply('ok'), {
    prepareHome: (home) => {
      mkdirSync(join(home, '.claude'), { recursive: true });
      writeFileSync(
        join(home, '.claude', 'settings.json'),
        JSON.stringify({
          permissions: { allow: ['Bash(ls:*)'] },
          hooks: {
            PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }],
          },
        }),
      );
      writeFileSync(join(home, '.claude', 'CLAUDE.md'), 'Be brief.\n');
    },
  });
  const { session } = h;
  const ask = (request: { subtype: string } & Record<string, unknown>) =>
    session.controlRequest(request, 10_000);
  session.send('hi');
  await h.waitForEvent('done');

  const before = settingsAnswer.parse(await ask({ subtype: 'get_settings' }));
  expect(before.sources).toEqual([
    {
      source: 'userSettings',
      settings: expect.objectContaining({ permissions: { allow: ['Bash(ls:*)'] } }),
    },
  ]);

  // update_settings writes through the CLI's own writer, but only an allowlist (outputStyle for
  // local settings, effortLevel for the user's): never permissions or hooks.
  expect(
    await ask({
      subtype: 'update_settings',
      source: 'localSettings',
      settings: { outputStyle: 'Explanatory' },
    }),
  ).toEqual({});
  expect(JSON.parse(readFileSync(join(h.cwd, '.claude', 'settings.local.json'), 'utf8'))).toEqual({
    outputStyle: 'Explanatory',
  });
  await expect(
    ask({
      subtype: 'update_settings',
      source: 'localSettings',
      settings: { permissions: { allow: ['Bash'] } },
    }),
  ).rejects.toThrow('update_settings keys not allowed: permissions');
  await expect(
    ask({ subtype: 'update_settings', source: 'projectSettings', settings: { outputStyle: 'x' } }),
  ).rejects.toThrow('update_settings: unsupported source projectSettings');

  // apply_flag_settings merges into the session's flag layer: live, but in no file, and read-only
  // in the rule listing.
  expect(
    await ask({
      subtype: 'apply_flag_settings',
      settings: { permissions: { allow: ['Bash(echo:*)'] } },
    }),
  ).toEqual({});
  await expect(ask({ subtype: 'apply_flag_settings', settings: 'nope' })).rejects.toThrow(
    'apply_flag_settings requires `settings` to be an object, got string',
  );
  await expect(
    ask({ subtype: 'apply_flag_settings', settings: { permissions: { allow: 'Bash' } } }),
  ).rejects.toThrow('nothing in this request was applied and earlier settings stay in force');

  const after = settingsAnswer.parse(await ask({ subtype: 'get_settings' }));
  expect(after.sources.map((s) => s.source)).toEqual([
    'userSettings',
    'localSettings',
    'flagSettings',
  ]);
  expect(after.effective['permissions']).toEqual({ allow: ['Bash(ls:*)', 'Bash(echo:*)'] });

  const listing = await ask({ subtype: 'list_permission_rules' });
  expect(permissionRulesAnswer.safeParse(listing).success).toBe(true);
  expect((listing as { state: { rules: unknown[] } }).state.rules).toEqual([
    expect.objectContaining({
      behavior: 'allow',
      source: 'userSettings',
      rule: 'Bash(ls:*)',
      editability: 'persistent',
    }),
    expect.objectContaining({
      behavior: 'allow',
      source: 'flagSettings',
      rule: 'Bash(echo:*)',
      editability: 'readonly',
    }),
  ]);

  const hooks = (await ask({ subtype: 'get_hooks_listing' })) as { hooks: unknown[] };
  expect(hooks.hooks).toEqual([
    expect.objectContaining({
      event: 'PreToolUse',
      matcher: 'Bash',
      source: 'userSettings',
      commandText: 'true',
    }),
  ]);

  const memory = memoryFilesAnswer.parse(await ask({ subtype: 'get_context_usage' }));
  expect(memory.memoryFiles).toEqual([
    expect.objectContaining({ path: join(h.home, '.claude', 'CLAUDE.md'), type: 'User' }),
  ]);
}, 60_000);

it('follows its settings files as they change, reading them as strict JSON', async () => {
  h = await openSession('pipe', () => textReply('ok'));
  const { session, cwd } = h;
  const file = join(cwd, '.claude', 'settings.json');
  mkdirSync(join(cwd, '.claude'));
  const listed = async () =>
    permissionRulesAnswer
      .parse(await session.controlRequest({ subtype: 'list_permission_rules' }))
      .state.rules.map((rule) => `${rule.source} ${rule.behavior} ${rule.rule}`);
  const settle = async (want: string[]) => {
    const deadline = Date.now() + 8_000;
    while (JSON.stringify(await listed()) !== JSON.stringify(want) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    return listed();
  };

  writeFileSync(
    file,
    JSON.stringify({ permissions: { deny: ['Bash(rm:*)'], allow: ['Bash(ls)'] } }),
  );
  // Taken without a restart; the folder's own allow rules are not among the rules in force.
  expect(await settle(['projectSettings deny Bash(rm:*)'])).toEqual([
    'projectSettings deny Bash(rm:*)',
  ]);

  // "Disable all hooks" as Tether writes it, in the local file: the CLI's hook listing says so.
  const allDisabled = async () =>
    (
      (await session.controlRequest({ subtype: 'get_hooks_listing' })) as {
        policy: { allDisabled: boolean };
      }
    ).policy.allDisabled;
  expect(await allDisabled()).toBe(false);
  writeFileSync(join(cwd, '.claude', 'settings.local.json'), '{"disableAllHooks": true}');
  const deadline = Date.now() + 8_000;
  while (!(await allDisabled()) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await allDisabled()).toBe(true);

  writeFileSync(file, '{\n  // a comment\n  "permissions": { "deny": ["Bash(rm:*)"] }\n}\n');
  // With a comment the whole file is dropped.
  expect(await settle([])).toEqual([]);
}, 60_000);
