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

  it('reports a held-back API error whose result never came', async () => {
    const frame = {
      type: 'assistant',
      message: {
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
