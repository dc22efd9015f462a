import { lastToolResults, textReply, toolUseReply } from '#test/support/fake-anthropic';
import { elicitMcpConfig } from '#test/support/elicit-mcp';
import { screenshot } from './support/app-page';
import { ask, expect, openAgent, test, transcript } from './support/agent-mode';

// The real CLI runs with a tiny MCP server whose tool asks the user for a form
// (test/support/elicit-mcp-server.mjs) and returns what it got.
test.use({
  claudePrelude: `set -- "$@" --mcp-config '${JSON.stringify(elicitMcpConfig())}'`,
});

test('an MCP server’s form, filled and accepted, reaches the server', async ({
  page,
  agentMode,
}) => {
  agentMode.script(({ body }) => {
    const [result] = lastToolResults(body);
    if (!result) return toolUseReply({ name: 'mcp__elicit__ask_details', input: {} });
    // The tool's result is `ANSWER <what the server got>`: said back in plain words.
    const [{ text }] = result.content as [{ text: string }];
    const got = JSON.parse(text.replace(/^ANSWER /, '')) as { action: string; content: object };
    const fields = Object.entries(got.content).map(([name, value]) => `${name}=${String(value)}`);
    return textReply(`The server got: ${got.action} ${fields.join(', ')}`);
  });
  const agent = await openAgent(page, agentMode.browserMode.url);
  await ask(page, agent, 'ask me for my details');

  // Calling the MCP tool needs permission first.
  const permission = page.getByRole('dialog', { name: /mcp__elicit__ask_details/ });
  await expect(permission).toBeFocused();
  await page.waitForTimeout(500); // keys typed right as a dialog opens are not taken
  await page.keyboard.press('y');

  const form = page.getByRole('dialog', { name: 'Form from elicit' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await expect(form).toBeFocused();
  await expect(form).toContainText('Please tell us about yourself.');
  // Accept with the required name missing says so and sends nothing.
  await form.getByRole('button', { name: 'Accept' }).click();
  await expect(form.getByText('Name is required.')).toBeVisible();
  await expect(form.getByLabel(/^Name/)).toBeFocused();
  await page.keyboard.type('Ada Lovelace');
  await page.keyboard.press('Tab');
  await page.keyboard.type('ada@example.com');
  await form.getByLabel('Age').fill('36');
  await form.getByLabel('Subscribe').check();
  await form.getByLabel('Plan').selectOption({ label: 'Pro' });
  await screenshot(page, 'agent-form');
  await form.getByLabel('Age').press('Enter');
  await expect(form).toHaveCount(0);

  const reply = transcript(agent).getByText(/^The server got:/);
  await expect(reply).toBeVisible({ timeout: 30_000 });
  await expect(reply).toHaveText(
    'The server got: accept name=Ada Lovelace, email=ada@example.com, age=36, subscribe=true, plan=pro',
  );
});
