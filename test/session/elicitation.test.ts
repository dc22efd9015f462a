/**
 * MCP forms against the real CLI: an MCP server (`test/support/elicit-mcp-server.mjs`) whose tool
 * calls `elicitation/create`; the session shows the form as an `elicitation_request`, and the
 * user's answer is what the server's tool gets back.
 */
import { afterEach, expect, it } from 'vitest';
import type { UnhandledOutput } from '../../src/main/agent/agent-session';
import { elicitMcpConfig } from '../support/elicit-mcp';
import { lastToolResults, textReply, toolUseReply } from '../support/fake-anthropic';
import { openSession, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** What the MCP server's tool received, from its result text `ANSWER <json>`. */
function serverGot(content: unknown): unknown {
  const [block] = content as { text: string }[];
  return JSON.parse(block!.text.replace(/^ANSWER /, ''));
}

/** Calls the server's `tool`, then repeats what the tool returned. */
async function sessionCalling(tool: string, unhandled: UnhandledOutput[]): Promise<Harness> {
  return openSession(
    'pipe',
    ({ body }) => {
      const [done] = lastToolResults(body);
      return done
        ? textReply(`The server said: ${JSON.stringify(done.content)}`)
        : toolUseReply({ name: `mcp__elicit__${tool}`, input: {} });
    },
    {
      extraArgs: ['--mcp-config', JSON.stringify(elicitMcpConfig())],
      onSession: (s) => s.onUnhandled((u) => unhandled.push(u)),
    },
  );
}

it('accepting the form with values gives the MCP server exactly those values', async () => {
  const unhandled: UnhandledOutput[] = [];
  h = await sessionCalling('ask_details', unhandled);
  h.session.send('Ask me for my details.');
  const ask = await h.waitForEvent('permission_request');
  h.session.answerPermission(ask.request_id, { behavior: 'allow' });

  const form = await h.waitForEvent('elicitation_request');
  expect(form).toMatchObject({
    server_name: 'elicit',
    mode: 'form',
    message: 'Please tell us about yourself.',
    property_order: ['name', 'email', 'age', 'subscribe', 'plan'],
  });
  const content = { name: 'Grace Hopper', age: 85, subscribe: false, plan: 'free' };
  expect(h.session.answerPermission(form.request_id, { behavior: 'accept', content })).toBe(true);
  expect(h.events).toContainEqual({
    type: 'permission_answered',
    request_id: form.request_id,
    behavior: 'accept',
  });

  const result = await h.waitForEvent('tool_result');
  expect(result.is_error).toBe(false);
  expect(serverGot(result.content)).toEqual({ action: 'accept', content });
  const done = await h.waitForEvent('done');
  expect(done.response).toContain('Grace Hopper');
  expect(h.session.pendingPermissions).toEqual([]);
  expect(unhandled).toEqual([]);
}, 60_000);

it('a URL request shows the URL; cancelling it tells the server the user cancelled', async () => {
  const unhandled: UnhandledOutput[] = [];
  h = await sessionCalling('open_page', unhandled);
  h.session.send('Ask me for consent.');
  const ask = await h.waitForEvent('permission_request');
  h.session.answerPermission(ask.request_id, { behavior: 'allow' });

  const page = await h.waitForEvent('elicitation_request');
  expect(page).toMatchObject({ mode: 'url', url: 'https://example.com/consent' });
  h.session.answerPermission(page.request_id, { behavior: 'cancel' });
  const result = await h.waitForEvent('tool_result');
  expect(serverGot(result.content)).toEqual({ action: 'cancel' });
  await h.waitForEvent('done');
  expect(unhandled).toEqual([]);
}, 60_000);
