// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RewindFiles } from './RewindFiles';
import { FakeHost } from '../testing/fake-host';
import { AGENT_ID, renderBlock } from '../testing/render-block';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const PROMPT = '11111111-1111-4111-8111-111111111111';

async function open(preview: unknown) {
  const host = new FakeHost();
  host.replies.previewRewind = preview;
  const onDone = vi.fn();
  render(<RewindFiles api={host.api} agentId="a1" userMessageId={PROMPT} onDone={onDone} />);
  const dialog = screen.getByRole('dialog', { name: 'Rewind files' });
  // The dry run's answer.
  await act(async () => undefined);
  return { host, onDone, dialog };
}

const notes = { files: ['/work/notes.txt', '/work/src/a.ts'], insertions: 1, deletions: 3 };

describe('Rewind files dialog', () => {
  it('lists what the dry run would change and the line counts, says Bash is not tracked, and starts on Cancel', async () => {
    const { host, dialog } = await open(notes);
    expect(host.paramsOf('previewRewind')).toEqual([{ agentId: 'a1', userMessageId: PROMPT }]);
    const files = within(dialog).getByRole('list', { name: 'Files to rewind' });
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/work/notes.txt', '/work/src/a.ts']);
    expect(dialog.textContent).toContain('these 2 files');
    expect(dialog.textContent).toContain('+1 −3 lines');
    expect(dialog.textContent).toContain('Changes made through Bash are not tracked');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(host.paramsOf('rewindFiles')).toEqual([]);
  });

  it('rewinds with Rewind and closes saying what it did', async () => {
    const { host, onDone, dialog } = await open({ ...notes, files: ['/work/notes.txt'] });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Rewind' })));
    expect(host.paramsOf('rewindFiles')).toEqual([{ agentId: 'a1', userMessageId: PROMPT }]);
    expect(onDone).toHaveBeenCalledWith('Rewound 1 file to before that message.');
  });

  it('shows a refusal in one line and offers no Rewind', async () => {
    const { dialog } = await open(() => {
      throw new Error('No file checkpoint found for this message.');
    });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Cannot rewind: No file checkpoint found for this message.',
    );
    expect(within(dialog).getByRole('button', { name: 'Rewind' })).toHaveProperty('disabled', true);
  });

  it('shows a failed rewind and stays open', async () => {
    const { host, onDone, dialog } = await open(notes);
    host.replies.rewindFiles = () => {
      throw new Error('The Claude session has ended.');
    };
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Rewind' })));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Cannot rewind: The Claude session has ended.',
    );
    expect(onDone).not.toHaveBeenCalled();
  });

  it('cannot be cancelled while the rewind runs, and shows its failure after', async () => {
    const { host, onDone, dialog } = await open(notes);
    let fail: (error: Error) => void = () => undefined;
    host.replies.rewindFiles = () =>
      new Promise((_, reject) => {
        fail = reject;
      });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Rewind' })));
    expect(within(dialog).getByRole('status').textContent).toBe('Rewinding…');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveProperty('disabled', true);
    fireEvent.click(cancel);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.mouseDown(dialog.parentElement!);
    expect(onDone).not.toHaveBeenCalled();
    await act(async () => fail(new Error('The Claude session has ended.')));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Cannot rewind: The Claude session has ended.',
    );
    expect(onDone).not.toHaveBeenCalled();
    // The keyboard is back in the dialog, on a Cancel that closes it again.
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onDone.mock.calls).toEqual([[null]]);
  });

  it('says when there is nothing to rewind', async () => {
    const { dialog } = await open({ files: [], insertions: 0, deletions: 0 });
    expect(dialog.textContent).toContain('there is nothing to rewind');
    expect(within(dialog).getByRole('button', { name: 'Rewind' })).toHaveProperty('disabled', true);
  });

  it('closes on Cancel and on Escape without rewinding', async () => {
    const { host, onDone, dialog } = await open(notes);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onDone.mock.calls).toEqual([[null], [null]]);
    expect(host.paramsOf('rewindFiles')).toEqual([]);
  });
});

describe('A prompt in the transcript', () => {
  it('offers Rewind code to here while the session is idle, which opens the dialog for it, and Fork from here, which hands the session and prompt on', async () => {
    vi.useFakeTimers();
    const host = new FakeHost();
    host.replies.previewRewind = notes;
    const onForkAgent = vi.fn();
    const { push } = await renderBlock(host, {}, { onForkAgent });
    await push(
      {
        type: 'session_started',
        session_id: 'session-1',
        model: 'claude-test',
        cwd: '/work',
        permission_mode: 'default',
        tools: [],
        slash_commands: [],
      },
      { type: 'user_message', text: 'write the notes', uuid: PROMPT },
      // A prompt without a uuid (from an older session file) offers neither.
      { type: 'user_message', text: 'an old prompt' },
    );
    const log = screen.getByRole('log', { name: 'Transcript' });
    expect(within(log).getAllByRole('button', { name: 'Rewind code to here' })).toHaveLength(1);
    const rewindHere = within(log).getByRole('button', { name: 'Rewind code to here' });
    const turn = async (state: 'busy' | 'idle') => {
      act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state } }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(20);
      });
    };
    // Not under a running turn (nor before the session runs): it says why instead.
    expect(rewindHere).toHaveProperty('disabled', true);
    await turn('busy');
    expect(rewindHere).toHaveProperty('disabled', true);
    expect(rewindHere.getAttribute('aria-description')).toBe(
      'Claude is working: rewind once the turn is over.',
    );
    expect(rewindHere.title).toBe('Claude is working: rewind once the turn is over.');
    fireEvent.click(rewindHere);
    expect(screen.queryByRole('dialog', { name: 'Rewind files' })).toBeNull();
    await turn('idle');
    expect(rewindHere).toHaveProperty('disabled', false);
    expect(rewindHere.getAttribute('aria-description')).toBeNull();

    fireEvent.click(within(log).getByRole('button', { name: 'Fork from here' }));
    expect(onForkAgent).toHaveBeenCalledWith({
      sessionId: 'session-1',
      beforePrompt: PROMPT,
      text: 'write the notes',
    });

    fireEvent.click(within(log).getByRole('button', { name: 'Rewind code to here' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20);
    });
    // (Twice under StrictMode, whose effects run twice: a dry run changes nothing.)
    expect(host.paramsOf('previewRewind').at(-1)).toEqual({
      agentId: AGENT_ID,
      userMessageId: PROMPT,
    });
    const dialog = screen.getByRole('dialog', { name: 'Rewind files' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Rewind' })));
    expect(screen.queryByRole('dialog', { name: 'Rewind files' })).toBeNull();
    expect(screen.getByText(/Rewound 2 files to before that message\./).getAttribute('role')).toBe(
      'status',
    );
  });

  it('asks its fork to stop before that prompt, and forgets that once the fork has its own session', async () => {
    vi.useFakeTimers();
    const host = new FakeHost();
    const { push, onSpecChange } = await renderBlock(host, {
      sessionId: 'session-1',
      fork: true,
      resumeAt: PROMPT,
    });
    expect(host.paramsOf('openAgent')).toEqual([
      {
        agentId: AGENT_ID,
        cwd: '/work',
        resumeSessionId: 'session-1',
        forkSession: true,
        resumeAt: PROMPT,
      },
    ]);
    await push({
      type: 'session_started',
      session_id: 'session-2',
      model: 'claude-test',
      cwd: '/work',
      permission_mode: 'default',
      tools: [],
      slash_commands: [],
    });
    expect(onSpecChange).toHaveBeenCalledWith({
      sessionId: 'session-2',
      fork: undefined,
      resumeAt: undefined,
    });
  });
});
