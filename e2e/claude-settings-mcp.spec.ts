import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { textReply } from '#test/support/fake-anthropic';
import { startOAuthMcpServer } from '#test/support/oauth-mcp-server';
import { exitingMcpServer, PLAIN_MCP_SERVER, plainMcpServer } from '#test/support/plain-mcp';
import { screenshot } from './support/app-page';
import { ask, expect, openAgent, test, transcript } from './support/agent-mode';

// The real CLI reads its MCP servers from the throwaway HOME's ~/.claude.json: one that connects
// (test/support/plain-mcp-server.mjs) and one whose command exits at once.
test('"MCP servers": status, a failed server\'s notice, Disable/Enable, Add server and Remove', async ({
  page,
  agentMode,
}) => {
  const { home, workspaceDir } = agentMode.browserMode;
  await writeFile(
    join(home, '.claude.json'),
    JSON.stringify({
      mcpServers: { mine: plainMcpServer('u_one', 'u_two') },
      projects: { [workspaceDir]: { mcpServers: { broken: exitingMcpServer() } } },
    }),
  );
  agentMode.script(() => textReply('Hello.'));
  const agent = await openAgent(page, agentMode.browserMode.url);
  await ask(page, agent, 'hello');
  await expect(transcript(agent).getByText('Hello.')).toBeVisible({ timeout: 30_000 });

  // The session's init said `broken` failed: the block says so, with "Reconnect".
  const failed = agent.getByRole('list', { name: 'MCP servers that failed' });
  const brokenNotice = failed.getByRole('listitem', { name: 'broken' });
  await expect(brokenNotice).toContainText('MCP server broken failed to connect.');
  await brokenNotice.getByRole('button', { name: 'Reconnect' }).click();
  await expect(brokenNotice).toContainText('failed to connect: Connection closed');

  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type('Open Claude settings');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Claude settings' });
  await expect(dialog.getByRole('tab', { name: 'MCP servers' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const row = (name: string) => dialog.getByRole('listitem', { name });
  await expect(row('mine').getByLabel('Status')).toHaveText('connected');
  await expect(row('mine').getByLabel('Scope')).toHaveText('user');
  await expect(row('mine').getByLabel('Tools')).toHaveText('2 tools: u_one, u_two');
  await expect(row('broken').getByLabel('Status')).toHaveText('failed: Connection closed');
  await expect(row('broken').getByLabel('Scope')).toHaveText('local');

  await row('mine').getByRole('button', { name: 'Disable' }).click();
  await expect(row('mine').getByLabel('Status')).toHaveText('disabled');
  await expect(row('mine').getByLabel('Tools')).toHaveCount(0);
  await row('mine').getByRole('button', { name: 'Enable' }).click();
  await expect(row('mine').getByLabel('Status')).toHaveText('connected');

  await dialog.getByRole('button', { name: 'Add server' }).click();
  const form = dialog.getByRole('form', { name: 'Add server' });
  await form.getByLabel('Name', { exact: true }).fill('extra');
  await form.getByLabel('Command', { exact: true }).fill(process.execPath);
  await form.getByLabel('Arguments', { exact: true }).fill(`${PLAIN_MCP_SERVER}\nx_tool`);
  await form.getByLabel('Scope', { exact: true }).selectOption('project');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('status')).toHaveText('extra added to the project scope.');
  await expect(row('extra').getByLabel('Status')).toHaveText('connected');
  await expect(row('extra').getByLabel('Scope')).toHaveText('project');
  await expect(row('extra').getByLabel('Tools')).toHaveText('1 tool: x_tool');
  const projectFile = JSON.parse(await readFile(join(workspaceDir, '.mcp.json'), 'utf8'));
  expect(projectFile.mcpServers.extra).toEqual(plainMcpServer('x_tool'));
  await screenshot(page, 'claude-settings-mcp');

  await row('extra').getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByRole('status')).toHaveText('extra removed from the project scope.');
  await expect(row('extra')).toHaveCount(0);
  expect(JSON.parse(await readFile(join(workspaceDir, '.mcp.json'), 'utf8'))).toEqual({
    mcpServers: {},
  });
});

test('"Authenticate" opens the sign-in page; back from it, the server is connected', async ({
  page,
  agentMode,
}) => {
  // An MCP server that wants OAuth, whose authorization server signs in at once and sends the
  // browser back to the CLI's own listener.
  const oauth = await startOAuthMcpServer();
  try {
    await writeFile(
      join(agentMode.browserMode.home, '.claude.json'),
      JSON.stringify({ mcpServers: { vault: { type: 'http', url: oauth.url } } }),
    );
    await openAgent(page, agentMode.browserMode.url);
    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.type('Open Claude settings');
    await page.keyboard.press('Enter');
    const vault = page
      .getByRole('dialog', { name: 'Claude settings' })
      .getByRole('listitem', { name: 'vault' });
    await expect(vault.getByLabel('Status')).toHaveText('needs authentication');
    // Browser mode cannot ask the system to open it: the page opens a tab.
    const signIn = page.waitForEvent('popup');
    await vault.getByRole('button', { name: 'Authenticate' }).click();
    const tab = await signIn;
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/^http:\/\/localhost:\d+\/callback\?code=test-code/);
    await expect(vault.getByLabel('Status')).toHaveText('connected');
    await expect(vault.getByLabel('Tools')).toHaveText('1 tool: secret_tool');
  } finally {
    await oauth.close();
  }
});
