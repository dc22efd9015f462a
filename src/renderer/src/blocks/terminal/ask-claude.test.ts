import { describe, expect, it } from 'vitest';
import { HANDOFF_MAX_LINES, lastCommandMessage, selectionMessage } from './ask-claude';

describe('handing terminal text to Claude', () => {
  it('quotes a selection in a fence its own backticks cannot close', () => {
    const message = selectionMessage('run ```make``` now\n\n', '/src/app');
    expect(message).toBe('From my terminal in /src/app:\n\n````\nrun ```make``` now\n````\n\n');
  });

  it('says what the last command was, how it ended, and what it printed', () => {
    expect(
      lastCommandMessage({ commandLine: 'npm test', exitCode: 1, output: '1 failed' }, '/src/app'),
    ).toBe(
      'I ran this in /src/app:\n\n```\nnpm test\n```\n\nit failed with exit code 1:\n\n```\n1 failed\n```\n\n',
    );
    expect(lastCommandMessage({ commandLine: 'true', exitCode: 0, output: '' }, '/x')).toContain(
      'it succeeded:\n\n(it printed nothing)',
    );
  });

  it('keeps the end of a long output and says how much was left out', () => {
    const output = Array.from({ length: HANDOFF_MAX_LINES + 50 }, (_, n) => `line ${n + 1}`);
    const message = lastCommandMessage({ commandLine: 'seq', output: output.join('\n') }, '/x');
    expect(message).toContain('(50 earlier lines left out)\nline 51\n');
    expect(message).toContain(`line ${HANDOFF_MAX_LINES + 50}\n`);
    expect(message).not.toContain('line 50\n');
  });
});
