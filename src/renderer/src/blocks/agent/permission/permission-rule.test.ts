import { describe, expect, it } from 'vitest';
import { describeSuggestion } from './permission-rule';

describe('describeSuggestion', () => {
  it('names the rule and the settings file it goes to', () => {
    expect(
      describeSuggestion({
        type: 'addRules',
        rules: [{ toolName: 'Bash', ruleContent: 'npm test:*' }, { toolName: 'Read' }],
        behavior: 'allow',
        destination: 'localSettings',
      }),
    ).toEqual({
      rule: 'allow Bash(npm test:*), Read',
      where: '.claude/settings.local.json in this project (only you)',
    });
  });

  it('describes directories and mode switches, and says when they last only for the session', () => {
    expect(
      describeSuggestion({
        type: 'addDirectories',
        directories: ['/w/build'],
        destination: 'session',
      }),
    ).toEqual({ rule: 'access to /w/build', where: 'this session only' });
    expect(
      describeSuggestion({ type: 'setMode', mode: 'acceptEdits', destination: 'session' }).rule,
    ).toBe('switch to the “Accept edits” mode');
  });

  it('falls back to the suggestion itself for shapes it does not know', () => {
    expect(describeSuggestion({ type: 'future', x: 1 })).toEqual({
      rule: '{"type":"future","x":1}',
      where: 'the CLI’s settings',
    });
  });
});
