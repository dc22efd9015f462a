import { describe, expect, it } from 'vitest';
import type { TranscriptItem } from './transcript-model';
import { turnReplies } from './turn-replies';

describe('turnReplies', () => {
  it("keeps each turn's last reply, not a stopped one nor a turn without any", () => {
    const items: TranscriptItem[] = [
      { kind: 'user', key: 'u1', text: 'fix it' },
      { kind: 'assistant', key: 'a1', text: 'Looking.' },
      { kind: 'assistant', key: 'a2', text: 'Fixed the parser.' },
      { kind: 'user', key: 'u2', text: 'and the docs' },
      { kind: 'assistant', key: 'a3', text: 'Half a rep', aborted: true },
      { kind: 'user', key: 'u3', text: 'again' },
      { kind: 'thinking', key: 't1', text: 'hmm' },
      { kind: 'assistant', key: 'a4', text: 'Updated the docs.' },
    ];
    expect(turnReplies(items)).toEqual(['Fixed the parser.', 'Updated the docs.']);
  });
});
