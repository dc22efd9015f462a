import { writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { agents, row, runCommand, runInTerminal, screenshot, terminals } from './support/app-page';
import { composer, expect, transcript } from './support/agent-mode';
import { remoteUnavailable, test, type RemoteMode } from './support/remote-mode';
import {
  lastToolResults,
  lastUserText,
  textReply,
  toolUseReply,
} from '#test/support/fake-anthropic';

test.skip(remoteUnavailable !== null, `remote specs: ${remoteUnavailable}`);

/** A fresh folder of the remote user's, and its path there. */
async function remoteFolder(remoteMode: RemoteMode): Promise<string> {
  const made = await remoteMode.folder();
  await remoteMode.remote(`mkdir ${made}/work`);
  return `${made}/work`;
}

/** "New … on host…" through the Connect to host dialog; resolves once Connect was pressed. */
async function connectTo(page: Page, command: string, host: string, folder: string) {
  await runCommand(page, command);
  const dialog = page.getByRole('dialog', { name: 'Connect to host' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Host' }).fill(host);
  await dialog.getByRole('combobox', { name: 'Folder' }).fill(folder);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  return dialog;
}

async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(terminals(page).first().locator('textarea')).toBeFocused();
}

/** Waits for the remote shell's prompt in `folder`: what is typed before it may be lost there. */
async function promptIn(terminal: Locator, folder: string): Promise<void> {
  await expect(row(terminal, new RegExp(`${folder}\\$\\s*$`)).first()).toBeVisible();
}

const onHost = (block: Locator, host: string) => block.getByText(`on ${host}`, { exact: true });

test.describe('Blocks on a host', () => {
  test('a terminal on a host: ssh asks about its unknown key first, then the shell runs there', async ({
    page,
    agentMode,
    remoteMode,
  }) => {
    const { server } = remoteMode;
    const work = await remoteFolder(remoteMode);
    const knownHosts = `${server.dir}/fresh_known_hosts`;
    await writeFile(knownHosts, '');
    server.addHost('tether-fresh', [
      `UserKnownHostsFile ${knownHosts}`,
      'StrictHostKeyChecking ask',
    ]);
    await openApp(page, agentMode.browserMode.url);

    const dialog = await connectTo(page, 'New terminal on host…', 'tether-fresh', work);
    const asks = page.getByRole('dialog', { name: 'SSH asks' });
    await expect(asks).toContainText("can't be established");
    await expect(asks).toContainText('SHA256:');
    await screenshot(page, 'remote-ssh-asks');
    await asks.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog).toHaveCount(0);

    const terminal = terminals(page).nth(1);
    await expect(onHost(terminal, 'tether-fresh')).toBeVisible();
    await expect(terminal.locator('textarea')).toBeFocused();
    await promptIn(terminal, work);
    await runInTerminal(page, 'whoami; pwd');
    await expect(row(terminal, new RegExp(`^${server.user}\\s*$`))).toHaveCount(1);
    await expect(row(terminal, new RegExp(`^${work}\\s*$`))).toHaveCount(1);
    // A failing command is marked, as in a local shell with integration.
    await runInTerminal(page, 'false');
    await expect(
      terminal.getByRole('img', { name: 'Command failed with exit code 1: false' }),
    ).toBeVisible();
    await screenshot(page, 'remote-terminal');
  });

  test('an agent on a host: its permission dialog, and its Write on the remote disk', async ({
    page,
    agentMode,
    remoteMode,
  }) => {
    const work = await remoteFolder(remoteMode);
    agentMode.script(({ body }) =>
      lastToolResults(body).length > 0
        ? textReply('Wrote it.')
        : lastUserText(body).includes('write')
          ? toolUseReply({
              name: 'Write',
              input: { file_path: `${work}/notes.txt`, content: 'written over there\n' },
            })
          : textReply(`echo: ${lastUserText(body)}`),
    );
    await openApp(page, agentMode.browserMode.url);
    await connectTo(page, 'New agent on host…', remoteMode.server.alias, work);
    const agent = agents(page);
    await expect(onHost(agent, remoteMode.server.alias)).toBeVisible();
    await expect(composer(agent)).toBeFocused();
    await page.keyboard.type('please write the notes');
    await page.keyboard.press('Enter');
    const permission = agent.getByRole('dialog').filter({ hasText: 'Write' });
    await expect(permission).toBeVisible();
    await screenshot(page, 'remote-agent-permission');
    await permission
      .getByRole('button', { name: /^Allow/ })
      .first()
      .click();
    await expect(transcript(agent).getByText('Wrote it.')).toBeVisible();
    expect(await remoteMode.remote(`cat ${work}/notes.txt`)).toBe('written over there');
    expect(await remoteMode.remote(`stat -c %U ${work}/notes.txt`)).toBe(remoteMode.server.user);
  });

  test('a dropped connection: both blocks say Disconnected and come back, the transcript whole', async ({
    page,
    agentMode,
    remoteMode,
  }) => {
    const { alias } = remoteMode.server;
    const work = await remoteFolder(remoteMode);
    agentMode.script(({ body }) =>
      textReply(lastUserText(body).includes('second words') ? 'echo: second' : 'echo: first'),
    );
    await openApp(page, agentMode.browserMode.url);
    await connectTo(page, 'New terminal on host…', alias, work);
    const terminal = terminals(page).nth(1);
    await expect(onHost(terminal, alias)).toBeVisible();
    await promptIn(terminal, work);
    await runInTerminal(page, 'echo before-$((6*7))');
    await expect(row(terminal, /^before-42\s*$/)).toHaveCount(1);
    await connectTo(page, 'New agent on host…', alias, work);
    const agent = agents(page);
    await expect(composer(agent)).toBeFocused();
    await page.keyboard.type('first words');
    await page.keyboard.press('Enter');
    await expect(transcript(agent).getByText('echo: first')).toBeVisible();

    await remoteMode.dropConnection();
    await expect(terminal.getByRole('status', { name: 'Disconnected' })).toBeVisible();
    await expect(agent.getByRole('status', { name: 'Disconnected' })).toBeVisible();
    await screenshot(page, 'remote-disconnected');

    // Each reconnects by itself: a new shell below the old output, the same Claude session.
    await expect(terminal.getByRole('status', { name: 'Disconnected' })).toHaveCount(0, {
      timeout: 30_000,
    });
    await expect(row(terminal, /^before-42\s*$/)).toHaveCount(1);
    await terminal.locator('textarea').focus();
    // The old prompt's line holds ssh's last words now: the one prompt is the new shell's.
    await promptIn(terminal, work);
    await runInTerminal(page, 'echo after-$((6*7))');
    await expect(row(terminal, /^after-42\s*$/)).toHaveCount(1);
    await expect(agent.getByRole('status', { name: 'Disconnected' })).toHaveCount(0, {
      timeout: 30_000,
    });
    await composer(agent).focus();
    await page.keyboard.type('second words');
    await page.keyboard.press('Enter');
    await expect(transcript(agent).getByText('echo: second')).toBeVisible();
    await expect(transcript(agent).getByText('echo: first')).toHaveCount(1);
    await screenshot(page, 'remote-reconnected');
  });

  test('remote blocks come back after a restart, on their host', async ({
    page,
    agentMode,
    remoteMode,
  }) => {
    const { alias, user } = remoteMode.server;
    const work = await remoteFolder(remoteMode);
    const { browserMode } = agentMode;
    await openApp(page, browserMode.url);
    await connectTo(page, 'New terminal on host…', alias, work);
    await expect(onHost(terminals(page).nth(1), alias)).toBeVisible();
    await page.waitForTimeout(500); // the workspace is saved a moment after each change

    await browserMode.stop();
    await browserMode.start();
    await page.goto(browserMode.url);
    const terminal = terminals(page).nth(1);
    await expect(onHost(terminal, alias)).toBeVisible();
    await terminal.locator('textarea').focus();
    await promptIn(terminal, work);
    await runInTerminal(page, 'whoami; pwd');
    await expect(row(terminal, new RegExp(`^${user}\\s*$`))).toHaveCount(1);
    await expect(row(terminal, new RegExp(`^${work}\\s*$`))).toHaveCount(1);
  });
});
