// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComposerDraft } from '../../../../../shared/workspace-state';
import { Composer } from './Composer';
import { DRAFT_DELAY_MS } from './use-draft';

afterEach(cleanup);

/** The block's spec as the workspace keeps it: what the composer last reported. */
function renderComposer(kept: { draft: ComposerDraft | undefined; reports: number }) {
  const sent: string[] = [];
  render(
    <Composer
      slashCommands={[]}
      prompts={[]}
      busy={false}
      draft={kept.draft}
      onDraftChange={(draft) => {
        kept.draft = draft;
        kept.reports++;
      }}
      onSend={(text) => sent.push(text)}
      onInterrupt={() => {}}
    />,
  );
  const box = screen.getByRole('textbox', { name: 'Message Claude' }) as HTMLTextAreaElement;
  return { box, sent, user: userEvent.setup() };
}

const typingSettles = () =>
  act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_DELAY_MS + 50)));

const log = Array.from({ length: 12 }, (_, i) => `log line ${i + 1}`).join('\n');

describe('Composer: the draft', () => {
  it('comes back after a reload with its long paste, and is gone once sent', async () => {
    const kept = { draft: undefined as ComposerDraft | undefined, reports: 0 };
    const first = renderComposer(kept);
    await first.user.click(first.box);
    await first.user.keyboard('why does this fail? ');
    fireEvent.paste(first.box, {
      clipboardData: { files: [], types: ['text/plain'], getData: () => log },
    });
    await typingSettles();
    expect(kept.draft).toEqual({
      text: 'why does this fail? [Pasted 12 lines]',
      pastes: [{ label: '[Pasted 12 lines]', text: log }],
    });
    // Reported once the typing settled, not at each key.
    expect(kept.reports).toBe(1);

    cleanup();
    const again = renderComposer(kept);
    expect(again.box.value).toBe('why does this fail? [Pasted 12 lines]');
    await typingSettles();
    // Starting from the kept draft is no change to report.
    expect(kept.reports).toBe(1);
    await again.user.click(again.box);
    await again.user.keyboard('{Enter}');
    expect(again.sent).toEqual([`why does this fail? ${log}`]);
    // At once: a reload right after sending must not bring the message back.
    expect(kept.draft).toBeUndefined();
  });
});
