import { describe, expect, it } from 'vitest';
import { fixCheckMessage, proposeCommitMessage, proposePullRequest } from './commit-proposal';

const digest = {
  title: 'Fix the **parser**',
  turns: [
    'I fixed the off-by-one in `parse()`. Then I ran the tests.\n\nAll pass.',
    '',
    `Added a test for empty input ${'and more '.repeat(40)}`,
  ],
};

describe('proposeCommitMessage', () => {
  it("is the session's title, then each turn's first sentence", () => {
    const message = proposeCommitMessage(digest);
    const [subject, blank, first, second, ...rest] = message.trimEnd().split('\n');
    expect([subject, blank, first]).toEqual([
      'Fix the parser',
      '',
      '- I fixed the off-by-one in parse().',
    ]);
    expect(second!.length).toBeLessThanOrEqual(202);
    expect(second).toMatch(/^- Added a test for empty input and more .*…$/);
    expect(rest).toEqual([]);
  });

  it('has a subject of its own without a title, and no list without replies', () => {
    expect(proposeCommitMessage({ title: '', turns: [] })).toBe('Agent work\n');
  });
});

describe('proposePullRequest', () => {
  it('titles with the session and lists the turns in the body', () => {
    const { title, body } = proposePullRequest(digest);
    expect(title).toBe('Fix the parser');
    expect(body).toContain('## What changed\n\n- I fixed the off-by-one in parse().\n- Added');
  });
});

describe('fixCheckMessage', () => {
  it('names the check and fences its log, whatever fences the log holds', () => {
    const message = fixCheckMessage({ name: 'test', link: 'https://x/runs/1' }, 'a\n```\nb\n');
    expect(message).toContain('The check "test" failed');
    expect(message).toContain('\n\n````\na\n```\nb\n````');
  });

  it('says where the log is when gh has none', () => {
    expect(fixCheckMessage({ name: 'ci', link: 'https://ci/9' }, null)).toContain(
      'the link above shows it',
    );
  });
});
