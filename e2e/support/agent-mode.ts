import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import {
  startFakeAnthropic,
  textReply,
  type FakeAnthropic,
  type FakeHandler,
} from '#test/support/fake-anthropic';
import { seedAgentBlock } from './seed-state';
import { BrowserMode } from './web-host';

const claudeBin = join(__dirname, '..', '..', 'node_modules', '.bin', 'claude');

export interface AgentMode {
  browserMode: BrowserMode;
  fake: FakeAnthropic;
  /** What the scripted Messages API answers from now on. */
  script(handler: FakeHandler): void;
}

export interface AgentModeOptions {
  /** Shell lines a wrapper runs before handing over to the real CLI (e.g. printing a warning). */
  claudePrelude: string | undefined;
  /** Starts with one agent block whose log already holds this many events (0: a fresh app). */
  seedEvents: number;
  /** Files written into the throwaway HOME before the start (path in HOME → text). */
  homeFiles: Record<string, string>;
  /** The CLI gets no API key: with no credentials in HOME either, it is not logged in. */
  loggedOut: boolean;
  /** What the scripted API suggests as the next prompt after each turn (default: nothing). */
  suggestion: string | undefined;
  /** More environment for the host over the fixture's own (a PATH with stand-in programs). */
  hostEnv: NodeJS.ProcessEnv;
}

/**
 * Browser mode whose agent blocks run the real Claude Code CLI against a scripted Messages API on
 * 127.0.0.1, with a throwaway HOME.
 */
export const test = base.extend<AgentModeOptions & { agentMode: AgentMode }>({
  claudePrelude: [undefined, { option: true }],
  seedEvents: [0, { option: true }],
  homeFiles: [{}, { option: true }],
  loggedOut: [false, { option: true }],
  suggestion: [undefined, { option: true }],
  hostEnv: [{}, { option: true }],
  agentMode: async (
    { claudePrelude, seedEvents, homeFiles, loggedOut, suggestion, hostEnv },
    use,
  ) => {
    let handler: FakeHandler = () => textReply('(no script)');
    const fake = await startFakeAnthropic(
      (call) => handler(call),
      suggestion === undefined ? {} : { suggestion },
    );
    const dir = await mkdtemp(join(tmpdir(), 'agent-e2e-'));
    const [workspace, state, home] = ['workspace', 'state', 'home'].map((n) => join(dir, n)) as [
      string,
      string,
      string,
    ];
    await Promise.all([workspace, state, home].map((p) => mkdir(p, { recursive: true })));
    let claude = claudeBin;
    if (claudePrelude) {
      claude = join(dir, 'claude-wrapper.sh');
      await writeFile(claude, `#!/bin/sh\n${claudePrelude}\nexec "${claudeBin}" "$@"\n`);
      await chmod(claude, 0o755);
    }
    if (seedEvents > 0) await seedAgentBlock(state, workspace, seedEvents);
    for (const [path, text] of Object.entries(homeFiles)) {
      await mkdir(dirname(join(home, path)), { recursive: true });
      await writeFile(join(home, path), text);
    }
    const browserMode = new BrowserMode(workspace, state, home, {
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: loggedOut ? '' : 'sk-test',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      TETHER_CLAUDE: claude,
      TMPDIR: join(home),
      ...hostEnv,
    });
    await browserMode.start();
    await use({ browserMode, fake, script: (h) => (handler = h) });
    await browserMode.stop();
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  },
});

export { expect };

export const transcript = (scope: Page | Locator): Locator =>
  scope.getByRole('log', { name: 'Transcript' });
export const composer = (scope: Page | Locator): Locator =>
  scope.getByRole('textbox', { name: 'Message Claude' });

/** Opens the app, adds an agent block from the keyboard, and waits until its composer has focus. */
export async function openAgent(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  await expect(
    page.getByRole('region', { name: 'Terminal' }).first().locator('textarea'),
  ).toBeFocused();
  await page.keyboard.press('Control+Shift+A');
  const agent = page.getByRole('region', { name: 'Agent' });
  await expect(agent).toHaveCount(1);
  await expect(composer(agent)).toBeFocused();
  return agent;
}

export async function ask(page: Page, agent: Locator, prompt: string): Promise<void> {
  await composer(agent).focus();
  await page.keyboard.type(prompt);
  await page.keyboard.press('Enter');
}

/**
 * An agent told "remember kiwi", whose scripted model answers "You said kiwi." to "what did I
 * say" only when the conversation still holds that first turn: a resumed session is proven by it.
 * `noted` is its first reply.
 */
export async function agentThatRemembers(
  page: Page,
  agentMode: AgentMode,
  noted = 'Noted.',
): Promise<Locator> {
  agentMode.script(({ body }) => {
    const said = JSON.stringify(body.messages);
    return textReply(
      said.includes('what did I say') && said.includes('remember kiwi') ? 'You said kiwi.' : noted,
    );
  });
  const agent = await openAgent(page, agentMode.browserMode.url);
  await ask(page, agent, 'remember kiwi');
  await expect(transcript(agent).getByText(noted)).toBeVisible();
  await page.waitForTimeout(500); // the workspace saves the session id
  return agent;
}
