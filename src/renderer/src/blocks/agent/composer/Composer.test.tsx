// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Composer } from './Composer';

afterEach(cleanup);

/** The composer as the block uses it: what was sent becomes the history Up walks. */
function Harness({
  busy,
  commands,
  onSend,
  onInterrupt,
}: {
  busy: boolean;
  commands: string[];
  onSend(text: string): void;
  onInterrupt(): void;
}) {
  const [prompts, setPrompts] = useState<string[]>([]);
  return (
    <Composer
      slashCommands={commands.map((name) => ({ name }))}
      prompts={prompts}
      busy={busy}
      onSend={(text) => {
        setPrompts([...prompts, text]);
        onSend(text);
      }}
      onInterrupt={onInterrupt}
    />
  );
}

function renderComposer({ busy = false, commands = ['compact', 'cost', 'context', 'clear'] } = {}) {
  const sent: string[] = [];
  let interrupts = 0;
  render(
    <Harness
      busy={busy}
      commands={commands}
      onSend={(text) => sent.push(text)}
      onInterrupt={() => interrupts++}
    />,
  );
  const box = screen.getByRole('textbox', { name: 'Message Claude' }) as HTMLTextAreaElement;
  return { box, sent, interrupts: () => interrupts, user: userEvent.setup() };
}

describe('Composer', () => {
  it('sends on Enter, breaks the line on Shift+Enter, and sends nothing blank', async () => {
    const { box, sent, user } = renderComposer();
    await user.click(box);
    await user.keyboard('first line{Shift>}{Enter}{/Shift}second line');
    expect(box.value).toBe('first line\nsecond line');
    expect(sent).toEqual([]);
    await user.keyboard('{Enter}');
    expect(sent).toEqual(['first line\nsecond line']);
    expect(box.value).toBe('');
    await user.keyboard('   {Enter}');
    expect(sent).toHaveLength(1);
  });

  it('recalls earlier prompts with Up from the first line, and Down returns to the draft', async () => {
    const { box, user } = renderComposer();
    await user.click(box);
    await user.keyboard('one{Enter}two{Enter}draft');
    const seen: string[] = [];
    for (const key of ['{ArrowUp}', '{ArrowUp}', '{ArrowUp}', '{ArrowDown}', '{ArrowDown}']) {
      await user.keyboard(key);
      seen.push(box.value);
    }
    expect(seen).toEqual(['two', 'one', 'one', 'two', 'draft']);
  });

  it('moves within a multi-line message instead of recalling when the caret is not on the first line', async () => {
    const { box, user } = renderComposer();
    await user.click(box);
    await user.keyboard('earlier{Enter}a{Shift>}{Enter}{/Shift}b');
    await user.keyboard('{ArrowUp}');
    expect(box.value).toBe('a\nb');
  });

  it('interrupts on Esc only while a turn runs', async () => {
    const idle = renderComposer();
    await idle.user.click(idle.box);
    await idle.user.keyboard('{Escape}');
    expect(idle.interrupts()).toBe(0);
    cleanup();
    const busy = renderComposer({ busy: true });
    await busy.user.click(busy.box);
    await busy.user.keyboard('{Escape}');
    expect(busy.interrupts()).toBe(1);
  });

  it('completes slash commands the session announced', async () => {
    const { box, sent, user } = renderComposer();
    await user.click(box);
    await user.keyboard('/co');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    // Best match first (fuzzysort's ranking: the shorter name that matches as well).
    expect(options).toEqual(['/cost', '/context', '/compact']);
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
    await user.keyboard('{ArrowDown}{Tab}');
    expect(box.value).toBe('/context ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Enter}');
    expect(sent).toEqual(['/context']);
  });

  it('closes the completions on Esc and keeps the text', async () => {
    const { box, user } = renderComposer({ busy: true });
    await user.click(box);
    await user.keyboard('/cl{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.value).toBe('/cl');
  });

  it('has a button for the mouse that sends, or interrupts while a turn runs', async () => {
    const idle = renderComposer();
    await idle.user.type(idle.box, 'by mouse');
    await idle.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(idle.sent).toEqual(['by mouse']);
    cleanup();
    const busy = renderComposer({ busy: true });
    await busy.user.click(screen.getByRole('button', { name: 'Interrupt' }));
    expect(busy.interrupts()).toBe(1);
  });
});
