import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentSession } from '../../src/main/agent/agent-session';
import { entryBefore } from '../../src/main/library/fork-point';
import { CLAUDE_BIN, claudeEnv } from '../support/claude-cli';
import {
  lastToolResults,
  lastUserText,
  messageText,
  startFakeAnthropic,
  textReply,
  toolUseReply,
  type FakeAnthropic,
  type FakeHandler,
} from '../support/fake-anthropic';
import { until } from '../support/until';
import { openSession, type Harness } from './harness';

const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '22222222-2222-4222-8222-222222222222';
const THIRD = '33333333-3333-4333-8333-333333333333';

/** A prompt that says "write" gets a Write of three lines to notes.txt; any other an echo. */
function writer(cwd: () => string): FakeHandler {
  return ({ body }) => {
    if (lastToolResults(body).length > 0) return textReply('Wrote it.');
    const text = lastUserText(body);
    if (!text.includes('write')) return textReply(`echo: ${text}`);
    return toolUseReply({
      name: 'Write',
      input: { file_path: join(cwd(), 'notes.txt'), content: 'one\ntwo\nthree\n' },
    });
  };
}

/** Sends a prompt stamped with `uuid` and waits for its turn to end, allowing every tool. */
async function turn(h: Harness, text: string, uuid: string): Promise<void> {
  const before = h.events.filter((e) => e.type === 'done').length;
  const allow = (event: { type: string; request_id?: string }) => {
    if (event.type === 'permission_request' && event.request_id)
      h.session.answerPermission(event.request_id, { behavior: 'allow' });
  };
  const stopAllowing = h.session.onEvent(allow);
  h.session.send(text, uuid);
  await h.waitUntil(
    () => h.events.filter((e) => e.type === 'done').length > before,
    `the end of "${text}"`,
  );
  stopAllowing();
}

describe('Rewind and fork with the real CLI', () => {
  let h: Harness | undefined;
  let fork: { session: AgentSession; fake: FakeAnthropic } | undefined;
  afterEach(async () => {
    await fork?.session.dispose();
    await fork?.fake.close();
    fork = undefined;
    await h?.close();
    h = undefined;
  });

  it('rewinds a Write: the dry run counts the lines and changes nothing, the rewind puts the file back', async () => {
    let cwd = '';
    h = await openSession(
      'pipe',
      writer(() => cwd),
    );
    cwd = h.cwd;
    const notes = join(cwd, 'notes.txt');
    writeFileSync(notes, 'as it was\n');
    await turn(h, 'please write the notes', FIRST);
    await turn(h, 'and now just talk', SECOND);
    expect(readFileSync(notes, 'utf8')).toBe('one\ntwo\nthree\n');
    // The uuids Tether stamps come back on the replayed prompts: what the rows' buttons name.
    expect(h.events.filter((e) => e.type === 'user_message')).toEqual([
      { type: 'user_message', text: 'please write the notes', uuid: FIRST },
      { type: 'user_message', text: 'and now just talk', uuid: SECOND },
    ]);

    // From the rewind's side: it puts one line back and takes three out.
    expect(await h.session.rewindFiles(FIRST, true)).toEqual({
      files: [notes],
      insertions: 1,
      deletions: 3,
    });
    expect(await h.session.rewindFiles(SECOND, true)).toEqual({
      files: [],
      insertions: 0,
      deletions: 0,
    });
    expect(readFileSync(notes, 'utf8')).toBe('one\ntwo\nthree\n');

    await h.session.rewindFiles(FIRST, false);
    expect(readFileSync(notes, 'utf8')).toBe('as it was\n');
    expect(await h.session.rewindFiles(FIRST, true)).toMatchObject({ files: [] });
  });

  it('refuses a message it has no checkpoint for, with the CLI’s reason', async () => {
    h = await openSession('pipe', () => textReply('hi'));
    await turn(h, 'hello', FIRST);
    await expect(h.session.rewindFiles(THIRD, true)).rejects.toThrow(
      'No file checkpoint found for this message.',
    );
  });

  it('leaves checkpointing off where the user turned it off, and says so', async () => {
    h = await openSession('pipe', () => textReply('hi'), {
      env: { CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: 'false' },
    });
    await turn(h, 'hello', FIRST);
    // The dry run refuses inside its answer, the rewind itself with an error answer.
    await expect(h.session.rewindFiles(FIRST, true)).rejects.toThrow(
      'File rewinding is not enabled.',
    );
    await expect(h.session.rewindFiles(FIRST, false)).rejects.toThrow(
      'File rewinding is not enabled.',
    );
  });

  it('forks before a prompt: the new session’s API calls hold the turns before it and none after', async () => {
    const which = /kiwi|mango|papaya/;
    h = await openSession('pipe', ({ body }) =>
      textReply(`the reply to the ${which.exec(lastUserText(body))?.[0]} prompt`),
    );
    await turn(h, 'the kiwi prompt', FIRST);
    await turn(h, 'the mango prompt', SECOND);
    await turn(h, 'the papaya prompt', THIRD);
    const started = await h.waitForEvent('session_started');
    const projects = join(h.home, '.claude', 'projects');
    const file = join(projects, readdirSync(projects)[0]!, `${started.session_id}.jsonl`);
    const point = await entryBefore(file, SECOND);
    expect(point).toMatch(/^[0-9a-f-]{36}$/);
    expect(await entryBefore(file, FIRST)).toBeNull();
    await expect(entryBefore(file, 'not-a-prompt')).rejects.toThrow(
      'that message is not in its session file',
    );

    const fake = await startFakeAnthropic(({ body }) => textReply(`fork: ${lastUserText(body)}`));
    const session = new AgentSession();
    fork = { session, fake };
    const events: string[] = [];
    session.onEvent((e) => events.push(e.type));
    await session.start({
      cwd: h.cwd,
      transport: 'pipe',
      resume: started.session_id,
      forkSession: true,
      resumeAt: point!,
      env: { ...claudeEnv(h.home, fake.url), TETHER_CLAUDE: CLAUDE_BIN },
    });
    session.send('the fork’s prompt');
    await until(() => events.includes('done'), 'the fork’s turn');
    const sent = fake.calls
      .at(-1)!
      .body.messages.map((m) => messageText(m))
      .join('\n');
    expect(sent).toContain('the kiwi prompt');
    expect(sent).toContain('the reply to the kiwi prompt');
    expect(sent).toContain('the fork’s prompt');
    expect(sent).not.toContain('mango');
    expect(sent).not.toContain('papaya');
  });

  it('shows the CLI’s refusal of a fork point it does not know, without a retry', async () => {
    h = await openSession('pipe', () => textReply('hi'));
    await turn(h, 'hello', FIRST);
    const started = await h.waitForEvent('session_started');
    const fake = await startFakeAnthropic(() => textReply('never'));
    const session = new AgentSession();
    fork = { session, fake };
    await expect(
      session.start({
        cwd: h.cwd,
        transport: 'pipe',
        resume: started.session_id,
        forkSession: true,
        resumeAt: THIRD,
        env: { ...claudeEnv(h.home, fake.url), TETHER_CLAUDE: CLAUDE_BIN },
      }),
    ).rejects.toThrow(`No message found with message.uuid of: ${THIRD}`);
    expect(session.state).toMatchObject({ state: 'exited', reason: 'failed_to_start' });
    expect(fake.calls).toHaveLength(0);
  });
});
