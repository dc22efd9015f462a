// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHost } from '../testing/fake-host';
import { AGENT_ID, renderBlock } from '../testing/render-block';
import { PendingPrompts } from '../model/pending-prompts';
import { QueuedMessages } from './QueuedMessages';
import { sendKeyOf } from './send-keys';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

interface Sent {
  text: string;
  uuid: string;
  priority?: string;
}

/** A block whose turn runs, with the composer and what it sent. */
async function duringATurn() {
  const block = await renderBlock();
  act(() => block.host.emit('agentState', { agentId: AGENT_ID, state: { state: 'busy' } }));
  await block.settle();
  const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message Claude' });
  const type = async (text: string, keys: Partial<KeyboardEvent> = {}) => {
    fireEvent.change(box, { target: { value: text } });
    fireEvent.keyDown(box, { key: 'Enter', ...keys });
    await block.settle();
  };
  const sent = () => block.host.paramsOf('sendAgentMessage') as Sent[];
  const sentAs = (text: string) => sent().find((message) => message.text === text)!;
  const queue = () => screen.queryByRole('list', { name: 'Queued messages' });
  const item = (text: string) => within(queue()!).getByRole('listitem', { name: text });
  const header = () => screen.getByRole('status', { name: 'Session status' }).parentElement!;
  return { ...block, box, type, sent, sentAs, queue, item, header };
}

/** The CLI ends under the turn, with messages still queued. */
const crash = (host: FakeHost) =>
  act(() =>
    host.emit('agentState', {
      agentId: AGENT_ID,
      state: { state: 'exited', code: 1, signal: null, reason: 'crashed', message: 'Gone.' },
    }),
  );

describe('Queue and steer in the composer', () => {
  it('queues with Enter during a turn: listed under the composer, counted in the header', async () => {
    const { type, sentAs, queue, item, header, push } = await duringATurn();
    await type('first queued');
    await type('second queued');
    expect(sentAs('first queued').priority).toBe('later');
    expect(sentAs('second queued').priority).toBe('later');
    expect(
      within(queue()!)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['first queued', 'second queued']);
    expect(header().textContent).toContain('2 queued');
    // The CLI holds it, then a turn takes it up: it leaves the queue.
    const { uuid } = sentAs('first queued');
    await push({ type: 'prompt_state', uuid, state: 'queued' });
    expect(item('first queued')).toBeTruthy();
    await push({ type: 'prompt_state', uuid, state: 'started' });
    expect(header().textContent).toContain('1 queued');
    expect(within(queue()!).queryByRole('listitem', { name: 'first queued' })).toBeNull();
  });

  it('removes one through the CLI, and edits one by taking it back into the box', async () => {
    const { host, type, sentAs, queue, item, box, header, settle } = await duringATurn();
    host.replies.withdrawAgentMessage = { withdrawn: true };
    await type('remove me');
    await type('edit me');
    fireEvent.click(within(item('remove me')).getByRole('button', { name: 'Remove' }));
    await settle();
    expect(host.paramsOf('withdrawAgentMessage')).toEqual([
      { agentId: AGENT_ID, uuid: sentAs('remove me').uuid },
    ]);
    expect(header().textContent).toContain('1 queued');
    fireEvent.click(within(item('edit me')).getByRole('button', { name: 'Edit' }));
    await settle();
    expect(queue()).toBeNull();
    expect(box.value).toBe('edit me');
    expect(header().textContent).not.toContain('queued');
  });

  it('takes one back once for a double-clicked Edit, saying nothing of it being too late', async () => {
    const { host, type, item, box, settle } = await duringATurn();
    // As the CLI answers: the message is withdrawn the first time, then no longer queued.
    let asked = 0;
    host.replies.withdrawAgentMessage = () => ({ withdrawn: ++asked === 1 });
    await type('edit me twice');
    const edit = within(item('edit me twice')).getByRole('button', { name: 'Edit' });
    fireEvent.click(edit);
    fireEvent.click(edit);
    await settle();
    expect(host.paramsOf('withdrawAgentMessage')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box.value).toBe('edit me twice');
  });

  it('keeps one the CLI already took up, and says so', async () => {
    const { host, type, item, settle } = await duringATurn();
    host.replies.withdrawAgentMessage = { withdrawn: false };
    await type('too late');
    fireEvent.click(within(item('too late')).getByRole('button', { name: 'Remove' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(/already taken up that message/);
    expect(item('too late')).toBeTruthy();
  });

  it('steers with Ctrl+Enter or Cmd+Enter, and sends a queued one now', async () => {
    const { host, type, sentAs, item, queue, settle } = await duringATurn();
    await type('steer with ctrl', { ctrlKey: true });
    await type('steer with cmd', { metaKey: true });
    expect(sentAs('steer with ctrl').priority).toBe('now');
    expect(sentAs('steer with cmd').priority).toBe('now');
    // Not queued: it goes to the model at once, shown as on its way.
    expect(queue()).toBeNull();
    expect(screen.getByRole('status', { name: 'Sending' }).textContent).toContain(
      'steer with ctrl',
    );
    await type('queued then hurried');
    fireEvent.click(within(item('queued then hurried')).getByRole('button', { name: 'Send now' }));
    await settle();
    expect(host.paramsOf('sendAgentMessageNow')).toEqual([
      { agentId: AGENT_ID, uuid: sentAs('queued then hurried').uuid },
    ]);
  });

  it('sends without a priority between turns', async () => {
    const { host, settle } = await renderBlock();
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: { state: 'idle' } }));
    await settle();
    const box = screen.getByRole('textbox', { name: 'Message Claude' });
    fireEvent.change(box, { target: { value: 'plain' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await settle();
    expect(host.paramsOf('sendAgentMessage')).toEqual([
      { agentId: AGENT_ID, text: 'plain', uuid: expect.any(String) },
    ]);
  });

  it('puts queued messages back into the box when the session ends under them', async () => {
    const { host, type, box, queue, settle } = await duringATurn();
    await type('one left');
    await type('two left');
    fireEvent.change(box, { target: { value: 'typed meanwhile' } });
    crash(host);
    await settle();
    expect(queue()).toBeNull();
    expect(box.value).toBe('typed meanwhile\n\none left\n\ntwo left');
  });
});

const png = (name: string, bytes: number[]) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

/** Pastes images into the box and lets them be read. */
async function pasteImages(box: HTMLElement, settle: () => Promise<unknown>, files: File[]) {
  fireEvent.paste(box, { clipboardData: { files, types: ['Files'], getData: () => '' } });
  await settle();
}

const thumbnails = () =>
  screen.queryAllByRole('img').map((image) => image.getAttribute('src') ?? '');

describe('Messages given back to the composer', () => {
  it('gives back the texts and images of the messages the session ended before running', async () => {
    const { host, type, box, queue, settle, sent } = await duringATurn();
    await pasteImages(box, settle, [png('a.png', [1, 2, 3])]);
    await type('one left');
    // An image without words, then words without an image.
    await pasteImages(box, settle, [png('b.png', [4, 5, 6, 7])]);
    await type('');
    await type('two left');
    expect(sent().map((message) => message.text)).toEqual(['one left', '', 'two left']);
    expect(thumbnails()).toEqual([]);
    fireEvent.change(box, { target: { value: 'typed meanwhile' } });
    crash(host);
    await settle();
    expect(queue()).toBeNull();
    expect(box.value).toBe('typed meanwhile\n\none left\n\ntwo left');
    expect(thumbnails()).toEqual(['data:image/png;base64,AQID', 'data:image/png;base64,BAUGBw==']);
  });

  it('gives back the text and the images of a message the host could not send', async () => {
    const host = new FakeHost();
    host.replies.sendAgentMessage = () =>
      Promise.reject(new Error('sendAgentMessage: pipe closed'));
    const { settle } = await renderBlock(host);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message Claude' });
    await pasteImages(box, settle, [png('a.png', [1, 2, 3]), png('b.png', [4, 5, 6, 7])]);
    fireEvent.change(box, { target: { value: 'look at these' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await settle();
    expect(host.paramsOf('sendAgentMessage')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toContain('pipe closed');
    expect(box.value).toBe('look at these');
    expect(thumbnails()).toEqual(['data:image/png;base64,AQID', 'data:image/png;base64,BAUGBw==']);
    expect(screen.getByRole('img', { name: 'Image 2: image.png, 4 B' })).toBeTruthy();
  });
});

describe('QueuedMessages', () => {
  it('edits a message with images by taking back its text and its images', async () => {
    const { host, type, item, box, settle } = await duringATurn();
    host.replies.withdrawAgentMessage = { withdrawn: true };
    await pasteImages(box, settle, [png('a.png', [1, 2, 3])]);
    await type('with a picture');
    expect(item('with a picture').textContent).toContain('1 image');
    expect(thumbnails()).toEqual([]);
    fireEvent.click(within(item('with a picture')).getByRole('button', { name: 'Edit' }));
    await settle();
    expect(box.value).toBe('with a picture');
    expect(thumbnails()).toEqual(['data:image/png;base64,AQID']);
  });

  it('offers no Edit for a message whose images this page does not hold (listed before a reload)', () => {
    const prompts = new PendingPrompts();
    prompts.sent('with pictures', 'u1', 'later', 2);
    prompts.sent('text only', 'u2', 'later');
    const noop = () => undefined;
    render(
      <QueuedMessages
        prompts={prompts.pending}
        canEdit={(prompt) => !prompt.images}
        onEdit={noop}
        onRemove={noop}
        onSendNow={noop}
      />,
    );
    const pictures = screen.getByRole('listitem', { name: 'with pictures' });
    expect(pictures.textContent).toContain('2 images');
    expect(within(pictures).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(pictures).getByRole('button', { name: 'Remove' })).toBeTruthy();
    const text = screen.getByRole('listitem', { name: 'text only' });
    expect(within(text).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });
});

describe('sendKeyOf', () => {
  const key = (event: Partial<KeyboardEvent>) =>
    sendKeyOf({
      key: 'Enter',
      shiftKey: false,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      ...event,
    });
  it('sends on Enter, now on Ctrl+Enter or Cmd+Enter, and leaves Shift+Enter and Alt+Enter alone', () => {
    expect(key({})).toBe('send');
    expect(key({ ctrlKey: true })).toBe('now');
    expect(key({ metaKey: true })).toBe('now');
    expect(key({ shiftKey: true })).toBeNull();
    expect(key({ altKey: true })).toBeNull();
    expect(key({ key: 'a', ctrlKey: true })).toBeNull();
  });
});
