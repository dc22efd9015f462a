import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import type { HostResponse } from '../../src/shared/contract/host';
import { MAX_IMAGE_BASE64_CHARS } from '../../src/shared/contract/composer';
import type { Host } from '../../src/main/host/host';
import { claudeHost } from '../support/claude-host';
import {
  lastUserMessage,
  startFakeAnthropic,
  textReply,
  type FakeAnthropic,
  type MessagesRequestBody,
} from '../support/fake-anthropic';
import { until } from '../support/until';

// A 1×1 PNG.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let dir: string;
let project: string;
let fake: FakeAnthropic;
let host: Host;
const prompts: MessagesRequestBody[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-composer-'));
  project = join(dir, 'project');
  for (const [path, text] of Object.entries({
    '.gitignore': 'build/\n',
    'src/alpha.ts': 'export const alpha = 1;\n',
    'build/alpha.js': '',
    'notes.md': '',
  })) {
    mkdirSync(join(project, path, '..'), { recursive: true });
    writeFileSync(join(project, path), text);
  }
  prompts.length = 0;
  fake = await startFakeAnthropic(({ body }) => {
    prompts.push(body);
    return textReply('Seen.');
  });
  host = claudeHost(dir, fake.url, { workspaceDir: project });
});
afterEach(async () => {
  await host?.dispose();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openAgent() {
  const events: AgentEvent[] = [];
  let state = '';
  const connection = host.connect((message) => {
    if (message.name === 'agentEvents') events.push(...message.payload.events);
    if (message.name === 'agentState') state = message.payload.state.state;
  });
  const request = async <T = unknown>(name: string, params: unknown): Promise<T> => {
    const response: HostResponse = await connection.request(name, params);
    if (!response.ok) throw new Error(response.error);
    return response.result as T;
  };
  await request('openAgent', { agentId: 'a1', cwd: project });
  await until(() => state === 'ready', 'the session is ready');
  return { connection, events, request };
}

const suggest = (agent: Awaited<ReturnType<typeof openAgent>>, query: string) =>
  agent.request<{ paths: string[]; source: string }>('suggestAgentFiles', { agentId: 'a1', query });

describe('the composer through the host, with the real CLI', () => {
  it('sends a pasted image as an image block before the text, which reaches the API', async () => {
    const agent = await openAgent();
    await agent.request('sendAgentMessage', {
      agentId: 'a1',
      text: 'What is in @src/alpha.ts#1-2 and this picture?',
      images: [{ mediaType: 'image/png', data: PNG }],
    });
    await until(() => agent.events.some((event) => event.type === 'done'), 'the turn ends');
    const content = lastUserMessage(prompts.at(-1)!)!.content;
    if (typeof content === 'string') throw new Error('no content blocks were sent');
    const text = content.find((block) => block.text?.includes('@src/alpha.ts#1-2'));
    const image = content.find((block) => block.type === 'image');
    expect(text).toBeDefined();
    expect(image?.['source']).toEqual({ type: 'base64', media_type: 'image/png', data: PNG });
    expect(content.indexOf(text!)).toBeGreaterThan(content.indexOf(image!));
  });

  it('refuses an image over the API limit in one line, sending nothing', async () => {
    const agent = await openAgent();
    const big = 'A'.repeat(MAX_IMAGE_BASE64_CHARS + 4);
    const response = await agent.connection.request('sendAgentMessage', {
      agentId: 'a1',
      text: 'look',
      images: [{ mediaType: 'image/png', data: big }],
    });
    expect(response).toEqual({
      ok: false,
      error: expect.stringMatching(/^[^\n]*at most 5 MB once encoded[^\n]*$/),
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(prompts.filter((body) => JSON.stringify(body.messages).includes('"look"'))).toEqual([]);
  });

  it('completes @ with Claude Code’s own suggestions in a git work tree', async () => {
    execFileSync('git', ['init', '-q'], { cwd: project });
    execFileSync('git', ['add', '-A'], { cwd: project });
    const agent = await openAgent();
    // The CLI builds its index on the first question and answers nothing until it has: Tether's
    // answers meanwhile.
    let found = await suggest(agent, 'alph');
    for (let tries = 0; found.source !== 'claude' && tries < 50; tries++) {
      expect(found.paths).toEqual(['src/alpha.ts']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      found = await suggest(agent, 'alph');
    }
    expect(found).toEqual({ paths: ['src/alpha.ts'], source: 'claude' });
    const bare = await suggest(agent, '');
    expect(bare.paths).not.toContain('.git/');
  });

  it('completes @ from Tether’s index where Claude Code has nothing: .gitignore honoured', async () => {
    const agent = await openAgent();
    const found = await suggest(agent, 'alph');
    expect(found).toEqual({ paths: ['src/alpha.ts'], source: 'index' });
  });

  it('offers nothing outside the agent’s folder', async () => {
    const agent = await openAgent();
    writeFileSync(join(dir, 'secret.txt'), '');
    for (const query of ['../secret', '/etc/pass', '~/']) {
      expect((await suggest(agent, query)).paths).toEqual([]);
    }
  });
});
