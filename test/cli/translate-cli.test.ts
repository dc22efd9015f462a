import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinLines, splitLines, translateBytes } from '../translator/transcript';
import { jsonLines, runScript } from './run-script';

const SCRIPT = 'src/main/agent/translate-cli.ts';
const recording = readFileSync(
  join(__dirname, '..', 'conformance', 'recordings', 'tool-allowed.jsonl'),
);

describe('npm run translate', () => {
  it('prints one AgentEvent per line for a transcript with \\r\\n endings and garbage', async () => {
    const noisy = joinLines(
      splitLines(recording).flatMap((l) => ['garbage ✗', l]),
      '\r\n',
    );
    const run = await runScript(SCRIPT, [], { input: noisy });
    expect(run.code).toBe(0);
    expect(jsonLines(run.stdout)).toEqual(JSON.parse(JSON.stringify(translateBytes(recording))));
    expect(run.stderr).toBe('');
  });

  it('exits 0 with no output for input that holds no frame at all', async () => {
    const run = await runScript(SCRIPT, [], { input: Buffer.from([0xff, 0xfe, 0x0a, 0x7b, 0x22]) });
    expect(run).toMatchObject({ code: 0, stdout: '' });
  });

  it('skips a frame nested 5,000 levels and a result without subtype, and goes on', async () => {
    const deepInput = '{"a":'.repeat(4999) + '{}' + '}'.repeat(4999);
    const lines = [
      '{"type":"result","is_error":false,"result":"not a turn end"}',
      `{"type":"assistant","message":{"id":"m","model":"x","content":[{"type":"tool_use","id":"t","name":"N","input":${deepInput}}]}}`,
      `{"type":"assistant","message":{"id":"m","model":"x","content":[${'['.repeat(5000)}${']'.repeat(5000)}]}}`,
      '{"type":"result","subtype":"success","is_error":false,"result":"ok"}',
    ];
    const run = await runScript(SCRIPT, [], { input: joinLines(lines) });
    expect(run.code).toBe(0);
    expect(jsonLines(run.stdout).map((e) => e['type'])).toEqual(['cost', 'done']);
    expect(jsonLines(run.stdout)[1]).toEqual({ type: 'done', response: 'ok' });
    expect(run.stderr.split('\n')).toEqual([
      'translate: skipped line 1 (result): subtype is missing or of the wrong type',
      'translate: skipped line 2 (assistant): nested deeper than 200 levels',
      'translate: skipped line 3 (assistant): nested deeper than 200 levels',
      '',
    ]);
  });

  it('reports a held-back API error whose result never came', async () => {
    const frame = {
      type: 'assistant',
      message: {
        id: '05a7821a-b485-48a1-acb5-39e43068987c',
        model: '<synthetic>',
        content: [{ type: 'text', text: 'API Error: 529 overloaded' }],
      },
    };
    const run = await runScript(SCRIPT, [], { input: JSON.stringify(frame) });
    expect(jsonLines(run.stdout)).toEqual([
      { type: 'error', message: 'API Error: 529 overloaded', subtype: 'api_error' },
    ]);
  });
});
