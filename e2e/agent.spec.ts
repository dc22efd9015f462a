import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  lastToolResults,
  lastUserText,
  textReply,
  toolUseReply,
} from '#test/support/fake-anthropic';
import { screenshot } from './support/app-page';
import {
  agentThatRemembers,
  ask,
  composer,
  expect,
  openAgent,
  test,
  transcript,
} from './support/agent-mode';

const MARKDOWN = [
  'Here is **bold text** and `inline code`.',
  '',
  '```js',
  'const answer = 42;',
  '```',
  '',
  '- first item',
  '- second item',
  '',
  '<img src=x onerror="window.__pwned=1"> [docs](https://example.com/docs)',
].join('\n');

test.describe('agent block with the real Claude CLI', () => {
  test('streams a reply and renders it as Markdown, never as raw HTML', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(() => textReply(MARKDOWN, { chunks: 40, delayMs: 5 }));
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'show me markdown');
    const log = transcript(agent);
    await expect(log.getByText('show me markdown')).toBeVisible();
    await expect(log.locator('strong', { hasText: 'bold text' })).toBeVisible();
    await expect(log.locator('code', { hasText: 'inline code' })).toBeVisible();
    await expect(log.locator('pre code', { hasText: 'const answer = 42;' })).toBeVisible();
    // Coloured once the highlighter, loaded on demand, is there.
    await expect(log.locator('pre code .hljs-keyword').first()).toHaveText('const');
    await expect(log.getByRole('listitem').filter({ hasText: 'second item' })).toBeVisible();
    await expect(log.getByRole('link', { name: 'docs' })).toBeVisible();
    expect(await log.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await screenshot(page, 'agent-markdown');
  });

  for (const [key, runs] of [
    ['y', true],
    ['n', false],
  ] as const) {
    test(`a permission request answered with ${key} ${runs ? 'runs' : 'does not run'} the tool`, async ({
      page,
      agentMode,
    }) => {
      const file = `${key}.txt`;
      agentMode.script(({ body }) =>
        lastToolResults(body).length
          ? textReply(`Finished with ${file}.`)
          : toolUseReply({ name: 'Bash', input: { command: `echo ${key} > ${file}` } }),
      );
      const agent = await openAgent(page, agentMode.browserMode.url);
      await ask(page, agent, `make ${file}`);
      const dialog = page.getByRole('dialog', { name: 'Permission request: Bash' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`echo ${key} > ${file}`);
      await screenshot(page, `agent-permission-${key}`);
      await page.waitForTimeout(600); // the dialog ignores keys at first, by design
      await page.keyboard.press(key);
      await expect(dialog).toHaveCount(0);
      await expect(transcript(agent).getByText(`Finished with ${file}.`)).toBeVisible();
      expect(existsSync(join(agentMode.browserMode.workspaceDir, file))).toBe(runs);
    });
  }

  test('a permission request answered with a writes the rule', async ({ page, agentMode }) => {
    agentMode.script(({ body }) =>
      lastToolResults(body).length
        ? textReply('Always then.')
        : toolUseReply({ name: 'Bash', input: { command: 'echo a > a.txt' } }),
    );
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'make a.txt');
    const dialog = page.getByRole('dialog', { name: 'Permission request: Bash' });
    await expect(dialog.getByRole('button', { name: 'Always allow' })).toBeVisible();
    await page.waitForTimeout(600);
    await page.keyboard.press('a');
    await expect(transcript(agent).getByText('Always then.')).toBeVisible();
    const settings = join(agentMode.browserMode.workspaceDir, '.claude', 'settings.local.json');
    expect(JSON.parse(readFileSync(settings, 'utf8')).permissions.allow.join(' ')).toContain(
      'Bash',
    );
  });

  test('a key pressed as the dialog opens does not answer it', async ({ page, agentMode }) => {
    agentMode.script(({ body }) =>
      lastToolResults(body).length
        ? textReply('ok')
        : toolUseReply({ name: 'Bash', input: { command: 'echo z > z.txt' } }),
    );
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'make z.txt');
    // The keys land in the first frame that shows the dialog, from the page itself: pressed from
    // here they crossed to the browser one by one, and on a loaded machine arrived after the
    // guard had ended, as keys meant for the dialog.
    await page.waitForFunction(
      () => {
        const dialog = document.querySelector('[role=dialog]');
        for (const key of dialog ? ['y', 'a'] : []) {
          dialog!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
        }
        return dialog;
      },
      null,
      { polling: 'raf' },
    );
    const dialog = page.getByRole('dialog', { name: 'Permission request: Bash' });
    await page.waitForTimeout(300);
    await expect(dialog).toBeVisible();
    expect(existsSync(join(agentMode.browserMode.workspaceDir, 'z.txt'))).toBe(false);
  });

  test('Esc interrupts a running turn and the next prompt works', async ({ page, agentMode }) => {
    agentMode.script(({ body }) =>
      lastUserText(body).includes('second')
        ? textReply('Second answer.')
        : textReply('slow '.repeat(300), { chunks: 300, delayMs: 30 }),
    );
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'first');
    await expect(transcript(agent).getByText(/slow slow/)).toBeVisible();
    await composer(agent).focus();
    await page.keyboard.press('Escape');
    await expect(transcript(agent).getByText(/^Interrupted: the turn was stopped/)).toBeVisible();
    await ask(page, agent, 'second');
    await expect(transcript(agent).getByText('Second answer.')).toBeVisible();
    await screenshot(page, 'agent-interrupt');
  });

  test('the transcript survives a reload, and the session goes on', async ({ page, agentMode }) => {
    await agentThatRemembers(page, agentMode);
    await page.reload();
    const again = page.getByRole('region', { name: 'Agent' });
    await expect(transcript(again).getByText('remember kiwi')).toBeVisible();
    await expect(transcript(again).getByText('Noted.')).toBeVisible();
    await ask(page, again, 'what did I say');
    await expect(transcript(again).getByText('You said kiwi.')).toBeVisible();
    await screenshot(page, 'agent-after-reload');
  });
});

test.describe('agent block, output it does not understand', () => {
  test.use({ claudePrelude: 'echo "Warning: your settings.json could not be parsed" >&2' });

  test('unhandled output raises a badge on the raw view, which replays the bytes', async ({
    page,
    agentMode,
  }) => {
    // An agent's raw bytes come as binary frames that begin with a zero byte, then the id's length
    // and the id (see agent-raw-frame.ts); a terminal's begin with its id's length.
    let rawBytes = '';
    let replies = '';
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string') replies += payload;
        else if (payload[0] === 0) rawBytes += payload.subarray(2 + payload[1]!).toString();
      }),
    );
    agentMode.script(() => textReply('Hello.'));
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'hi');
    await expect(transcript(agent).getByText('Hello.')).toBeVisible();
    const rawButton = agent.getByRole('button', { name: /Raw output/ });
    await expect(rawButton).toContainText(/1/);
    expect(rawBytes).toBe('');
    await page.keyboard.press('Control+Shift+X');
    const raw = agent.getByRole('region', { name: 'Raw output' });
    await expect(raw).toBeVisible();
    await expect(raw).toContainText('Warning: your settings.json could not be parsed');
    await expect(raw.locator('.xterm-rows')).toContainText('"apiUsage"');
    // What came before the view opened is replayed from the host's ring...
    const snapshot = /"data":"([A-Za-z0-9+/=]+)","unhandled":1/.exec(replies)?.[1] ?? '';
    expect(Buffer.from(snapshot, 'base64').toString()).toContain('"result":"Hello."');
    // ...and what comes while it is open arrives as bytes, once.
    agentMode.script(() => textReply('Again.'));
    await ask(page, agent, 'again');
    await expect(transcript(agent).getByText('Again.')).toBeVisible();
    await expect.poll(() => rawBytes).toContain('"result":"Again."');
    expect(rawBytes).not.toContain('"result":"Hello."');
    await screenshot(page, 'agent-raw-output');
  });
});

test.describe('agent block when Claude Code cannot start', () => {
  test.use({ claudePrelude: 'echo "Invalid API key · Please run /login" >&2; exit 1' });

  test('says why and how to fix it', async ({ page, agentMode }) => {
    const agent = await openAgent(page, agentMode.browserMode.url);
    await expect(agent.getByText(/Invalid API key · Please run \/login/)).toBeVisible();
    await expect(agent.getByRole('button', { name: 'Restart session' })).toBeVisible();
    await screenshot(page, 'agent-failed-start');
  });
});
