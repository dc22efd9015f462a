import { afterEach, expect, it } from 'vitest';
import { textReply } from '../support/fake-anthropic';
import { openSession, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('shows a slash command the pinned CLI echoes as the command typed, and its output as printed', async () => {
  h = await openSession('pipe', () => textReply('Hi.'));
  h.session.send('hello');
  await h.waitForEvent('done');
  h.session.send('/context');
  const output = await h.waitForEvent('command_output');
  const said = h.events.filter((e) => e.type === 'user_message').map((e) => e.text);
  expect(said).toEqual(['hello', '/context']);
  expect(output.text).toMatch(/^## Context Usage\n/);
  expect(output.text).not.toContain('<local-command-stdout>');
});
