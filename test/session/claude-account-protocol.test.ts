import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { errorReply, textReply } from '../support/fake-anthropic';
import { openSession, type Harness } from './harness';

/**
 * What the pinned CLI answers to the control requests of logging in and of its plugins, and how
 * it says that it is not logged in: the shapes src/main/host/claude/ reads (docs/protocol.md,
 * "Claude settings: logging in, account, commands"). Token exchanges need Anthropic's servers:
 * the tests go up to that step.
 */
describe('the pinned CLI on logging in, accounts and plugins', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  /** No credentials at all: no API key (an empty one counts as none), an empty HOME. */
  const loggedOut = { env: { ANTHROPIC_API_KEY: '' } };

  const rejection = (subtype: string, extra: Record<string, unknown> = {}) =>
    h!.session.controlRequest({ subtype, ...extra }, 20_000).then(
      () => 'answered',
      (error: Error) => error.message,
    );

  it('starts without credentials, says so in `initialize`, and refuses the first prompt', async () => {
    h = await openSession('pipe', () => textReply('never sent'), loggedOut);
    expect(h.session.announced.initialize['account']).toEqual({
      tokenSource: 'none',
      apiProvider: 'firstParty',
    });
    // Which the session says before any prompt (initializeEvents).
    expect(h.events.filter((e) => e.type === 'error')).toEqual([
      expect.objectContaining({ subtype: 'not_logged_in' }),
    ]);
    const raw: string[] = [];
    h.session.onRaw((chunk) => raw.push(chunk.toString()));
    h.session.send('hello');
    const error = await h.waitForEvent('error', (e) => e.subtype !== 'not_logged_in');
    expect(error.message).toBe('Not logged in · Please run /login');
    // The synthetic assistant message that says it names the reason.
    expect(raw.join('')).toContain('"error":"authentication_failed"');
    expect(h.session.announced.init['apiKeySource']).toBe('none');
    expect(h.fake.calls).toHaveLength(0);
  });

  it('reports a 401 from the API as an invalid key, and names where the key came from', async () => {
    h = await openSession('pipe', () =>
      errorReply(401, 'authentication_error', 'invalid x-api-key'),
    );
    expect(h.session.announced.initialize['account']).toMatchObject({
      apiKeySource: 'ANTHROPIC_API_KEY',
    });
    h.session.send('hello');
    const error = await h.waitForEvent('error');
    expect(error.message).toBe('Invalid API key · Fix external API key');
  });

  it('answers claude_authenticate with two sign-in pages of one flow', async () => {
    h = await openSession('pipe', () => textReply('Hi.'), loggedOut);
    const subscription = await h.session.controlRequest({
      subtype: 'claude_authenticate',
      loginWithClaudeAi: true,
    });
    const automatic = new URL(subscription['automaticUrl'] as string);
    const manual = new URL(subscription['manualUrl'] as string);
    expect(automatic.origin + automatic.pathname).toBe('https://claude.com/cai/oauth/authorize');
    expect(automatic.searchParams.get('redirect_uri')).toMatch(
      /^http:\/\/localhost:\d+\/callback$/,
    );
    expect(manual.searchParams.get('redirect_uri')).toBe(
      'https://platform.claude.com/oauth/code/callback',
    );
    expect(manual.searchParams.get('state')).toBe(automatic.searchParams.get('state'));

    // The Console's sign-in is another flow, on another page.
    const consoleLogin = await h.session.controlRequest({
      subtype: 'claude_authenticate',
      loginWithClaudeAi: false,
    });
    const consolePage = new URL(consoleLogin['manualUrl'] as string);
    expect(consolePage.origin + consolePage.pathname).toBe(
      'https://platform.claude.com/oauth/authorize',
    );
    expect(consolePage.searchParams.get('state')).not.toBe(manual.searchParams.get('state'));

    // The page that calls back reaches the CLI; the token exchange after it needs Anthropic.
    const waiting = rejection('claude_oauth_wait_for_completion');
    const callback = new URL(
      new URL(consoleLogin['automaticUrl'] as string).searchParams.get('redirect_uri')!,
    );
    callback.searchParams.set('code', 'fake-code');
    callback.searchParams.set('state', consolePage.searchParams.get('state')!);
    await fetch(callback).catch(() => undefined);
    expect(await waiting).not.toBe('answered');
  });

  it('refuses the callback and the wait when no sign-in was started', async () => {
    h = await openSession('pipe', () => textReply('Hi.'), loggedOut);
    expect(await rejection('claude_oauth_callback', { authorizationCode: 'x', state: 'y' })).toBe(
      'No active claude_authenticate flow',
    );
    expect(await rejection('claude_oauth_wait_for_completion')).toBe(
      'No active claude_authenticate flow',
    );
  });

  it('exchanges a pasted code with Anthropic, whatever its state', async () => {
    h = await openSession('pipe', () => textReply('Hi.'), loggedOut);
    await h.session.controlRequest({ subtype: 'claude_authenticate', loginWithClaudeAi: true });
    // Unreachable from here: the refusal is the failed exchange, not a check of the state.
    const refused = await rejection('claude_oauth_callback', {
      authorizationCode: 'fake-code',
      state: 'not-the-flow-state',
    });
    expect(refused).not.toBe('answered');
    expect(refused).not.toBe('No active claude_authenticate flow');
  });

  it('answers reload_plugins with the commands, agents and plugins it read again', async () => {
    h = await openSession('pipe', () => textReply('Hi.'), {
      prepareHome: (home) => {
        const claude = join(home, '.claude');
        mkdirSync(join(claude, 'commands'), { recursive: true });
        writeFileSync(
          join(claude, 'commands', 'greet.md'),
          '---\ndescription: Say hello\nargument-hint: <name>\n---\nSay hello to $ARGUMENTS\n',
        );
        mkdirSync(join(claude, 'agents'), { recursive: true });
        writeFileSync(
          join(claude, 'agents', 'reviewer.md'),
          '---\nname: reviewer\ndescription: Reviews diffs\n---\nYou review.\n',
        );
      },
    });
    // Added after the start: only a reload finds it.
    mkdirSync(join(h.home, '.claude', 'skills', 'tidy'), { recursive: true });
    writeFileSync(
      join(h.home, '.claude', 'skills', 'tidy', 'SKILL.md'),
      '---\nname: tidy\ndescription: Tidies files\n---\nTidy.\n',
    );
    const commands = (list: unknown) => list as Record<string, unknown>[];
    expect(
      commands(h.session.announced.initialize['commands']).find((c) => c['name'] === 'tidy'),
    ).toBeUndefined();
    const answer = await h.session.controlRequest({ subtype: 'reload_plugins' }, 60_000);
    expect(Object.keys(answer).sort()).toEqual([
      'agents',
      'commands',
      'error_count',
      'mcpServers',
      'plugins',
    ]);
    expect(commands(answer['commands'])).toEqual(
      expect.arrayContaining([
        { name: 'greet', description: 'Say hello (user)', argumentHint: '<name>' },
        { name: 'tidy', description: 'Tidies files (user)', argumentHint: '' },
        expect.objectContaining({ name: 'compact', builtin: true }),
      ]),
    );
    expect(commands(answer['agents'])).toContainEqual({
      name: 'reviewer',
      description: 'Reviews diffs',
    });
    expect(commands(answer['plugins'])[0]).toEqual({
      name: expect.any(String),
      path: 'builtin',
      source: expect.stringMatching(/@builtin$/),
    });
    expect(answer['error_count']).toBe(0);
  });
});
