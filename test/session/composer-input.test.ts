import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply, type MessagesRequestBody } from '../support/fake-anthropic';
import { openSession, type Harness } from './harness';

// A 1×1 PNG.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * What the pinned CLI makes of what the composer sends: image blocks go to the API as they are;
 * an `@path#from-to` is attached by the CLI itself as a Read of those lines, in a text prompt and
 * in the last text block of one with images (in a text block before an image it is left alone).
 */
describe('AgentSession: the composer’s input through the real CLI', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const turns = () => h!.events.filter((event) => event.type === 'done').length;

  it('sends images as base64 image blocks before the text, and attaches @path#lines', async () => {
    const prompts: MessagesRequestBody[] = [];
    h = await openSession('pipe', ({ body }) => {
      prompts.push(body);
      return textReply('Seen.');
    });
    writeFileSync(join(h.cwd, 'notes.md'), 'one\ntwo\nthree\nfour\n');

    h.session.send('explain @notes.md#2-3');
    await h.waitUntil(() => turns() === 1, 'the first turn');
    const plain = JSON.stringify(prompts.at(-1)!.messages);
    expect(plain).toContain('Called the Read tool');
    expect(plain).toContain('\\"offset\\":2,\\"limit\\":2');
    expect(plain).toContain('2\\ttwo\\n3\\tthree');

    h.session.send('and @notes.md#4-4 with this', randomUUID(), [
      { mediaType: 'image/png', data: PNG },
    ]);
    await h.waitUntil(() => turns() === 2, 'the second turn');
    const sent = prompts.at(-1)!.messages.at(-1)!;
    const content = Array.isArray(sent.content) ? sent.content : [];
    // The CLI ends the text it read mentions in with a newline.
    const text = content.findIndex((block) =>
      block.text?.startsWith('and @notes.md#4-4 with this'),
    );
    const image = content.findIndex((block) => block.type === 'image');
    expect(image).toBeGreaterThanOrEqual(0);
    expect(text).toBeGreaterThan(image);
    expect(content[image]!['source']).toEqual({
      type: 'base64',
      media_type: 'image/png',
      data: PNG,
    });
    expect(JSON.stringify(prompts.at(-1)!.messages)).toContain('4\\tfour');
  });

  it('answers file_suggestions for a bare @ with the top level, folders first', async () => {
    h = await openSession('pipe', () => textReply('Hi.'));
    writeFileSync(join(h.cwd, 'notes.md'), '');
    mkdirSync(join(h.cwd, 'src'));
    writeFileSync(join(h.cwd, 'src', 'deep.ts'), '');
    expect(await h.session.fileSuggestions('')).toEqual(['src/', 'notes.md']);
  });
});
