import { describe, expect, it } from 'vitest';
import { stripTerminalCodes } from './strip-terminal-codes';

describe('stripTerminalCodes', () => {
  it('removes colours, cursor moves, titles and links, keeping the words', () => {
    expect(stripTerminalCodes('\u001b[1;31mdenied\u001b[0m by \u001b[2Krule')).toBe(
      'denied by rule',
    );
    expect(
      stripTerminalCodes(
        '\u001b]0;title\u0007see \u001b]8;;https://x\u001b\\docs\u001b]8;;\u001b\\',
      ),
    ).toBe('see docs');
    expect(stripTerminalCodes('plain – ünïcode ✓')).toBe('plain – ünïcode ✓');
  });
});
