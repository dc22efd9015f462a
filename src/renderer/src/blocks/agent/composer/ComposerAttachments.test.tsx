// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImageAttachment } from '../../../../../shared/contract/composer';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_MESSAGE } from '../../../../../shared/contract/composer';
import { MAX_PROMPT_CHARS } from '../../../../../shared/contract/agent';
import { Composer } from './Composer';

afterEach(cleanup);

const PATHS = ['src/', 'src/alpha.ts', 'src/alpine.ts', 'notes.md'];

function renderComposer() {
  const sent: { text: string; images: ImageAttachment[] }[] = [];
  const asked: string[] = [];
  // The host's answer: paths that hold the typed letters in order.
  const suggestFiles = (query: string) => {
    asked.push(query);
    const loose = new RegExp([...query].map((c) => c.replace(/\W/g, '\\$&')).join('.*'), 'i');
    return Promise.resolve(PATHS.filter((path) => loose.test(path)));
  };
  render(
    <Composer
      slashCommands={[]}
      prompts={[]}
      busy={false}
      onSend={(text, images) => sent.push({ text, images })}
      onInterrupt={() => {}}
      suggestFiles={suggestFiles}
    />,
  );
  const box = screen.getByRole('textbox', { name: 'Message Claude' }) as HTMLTextAreaElement;
  return { box, sent, asked, user: userEvent.setup() };
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `log line ${i + 1}`).join('\n');

function pasteText(box: HTMLElement, text: string) {
  fireEvent.paste(box, {
    clipboardData: { files: [], types: ['text/plain'], getData: () => text },
  });
}

function pasteFiles(box: HTMLElement, files: File[]) {
  fireEvent.paste(box, { clipboardData: { files, types: ['Files'], getData: () => '' } });
}

const png = (name = 'image.png', bytes = [0x89, 0x50, 0x4e, 0x47]) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('Composer: @ files, pastes and images', () => {
  it('completes @ with the session folder’s paths and keeps a line range typed after it', async () => {
    const { box, sent, asked, user } = renderComposer();
    await user.click(box);
    await user.keyboard('explain @alp');
    const list = await screen.findByRole('listbox', { name: 'Files' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['src/alpha.ts', 'src/alpine.ts']);
    // Asked once the typing settled, not for every key.
    expect(asked).toEqual(['alp']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box.value).toBe('explain @src/alpine.ts ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Backspace}#10-20 please{Enter}');
    expect(sent).toEqual([{ text: 'explain @src/alpine.ts#10-20 please', images: [] }]);
  });

  it('completes a folder without a space, and then what is in it', async () => {
    const { box, user } = renderComposer();
    await user.click(box);
    await user.keyboard('@sr');
    await screen.findByRole('option', { name: 'src/' });
    await user.keyboard('{Tab}');
    expect(box.value).toBe('@src/');
    expect(await screen.findByRole('option', { name: 'src/alpha.ts' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.value).toBe('@src/');
  });

  it('shows a long paste as one "[Pasted N lines]" chip that opens, and sends its text in place', async () => {
    const { box, sent, user } = renderComposer();
    await user.click(box);
    await user.keyboard('Why does this fail: ');
    pasteText(box, lines(8));
    expect(box.value).toBe('Why does this fail: [Pasted 8 lines]');
    expect(box.value).not.toContain('log line 1');
    const chip = screen.getByRole('button', { name: '[Pasted 8 lines]' });
    expect(chip.getAttribute('aria-expanded')).toBe('false');
    await user.click(chip);
    expect(chip.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/log line 8/)).toBeTruthy();
    await user.click(box);
    await user.keyboard('{End}?{Enter}');
    expect(sent).toEqual([{ text: `Why does this fail: ${lines(8)}?`, images: [] }]);
    expect(screen.queryByRole('button', { name: '[Pasted 8 lines]' })).toBeNull();
  });

  it('types a short paste as it is, and takes a removed chip out of the message', async () => {
    const { box, user } = renderComposer();
    await user.click(box);
    pasteText(box, lines(3));
    // A short paste is left to the textarea itself (jsdom types nothing for it).
    expect(screen.queryByRole('list', { name: 'Pasted text' })).toBeNull();
    pasteText(box, lines(6));
    await user.click(screen.getByRole('button', { name: 'Remove [Pasted 6 lines]' }));
    expect(box.value).toBe('');
    expect(screen.queryByRole('list', { name: 'Pasted text' })).toBeNull();
  });

  it('shows a pasted image as a removable thumbnail and sends it as base64 with the text', async () => {
    const { box, sent, user } = renderComposer();
    await user.click(box);
    pasteFiles(box, [png('first.png')]);
    expect(await screen.findByRole('img', { name: 'Image 1: first.png, 4 B' })).toBeTruthy();
    pasteFiles(box, [png('second.png', [1, 2, 3])]);
    await screen.findByRole('img', { name: /^Image 2: second.png/ });
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.queryByRole('img', { name: /first.png/ })).toBeNull();
    await user.click(box);
    await user.keyboard('what is this?{Enter}');
    expect(sent).toEqual([
      { text: 'what is this?', images: [{ mediaType: 'image/png', data: 'AQID' }] },
    ]);
    expect(screen.queryByRole('list', { name: 'Images' })).toBeNull();
  });

  it('sends an image without words', async () => {
    const { box, sent, user } = renderComposer();
    await user.click(box);
    pasteFiles(box, [png()]);
    await screen.findByRole('img');
    await user.keyboard('{Enter}');
    expect(sent).toEqual([{ text: '', images: [{ mediaType: 'image/png', data: 'iVBORw==' }] }]);
  });

  it('says why an image cannot go: too big, or not a format Claude takes', async () => {
    const { box } = renderComposer();
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'huge.png', { type: 'image/png' });
    pasteFiles(box, [big]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'huge.png is 3.75 MB: Claude takes images up to 3.75 MB (5 MB once encoded).',
    );
    pasteFiles(box, [new File(['x'], 'scan.bmp', { type: 'image/bmp' })]);
    expect(await screen.findByText(/^scan.bmp is image\/bmp: /)).toHaveProperty('role', 'alert');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says a message takes 20 images when two pastes together bring more', async () => {
    const { box } = renderComposer();
    const many = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => png(`${prefix}${i + 1}.png`));
    // Both are read at once, so the second lands while the first is still to be rendered.
    pasteFiles(box, many(MAX_IMAGES_PER_MESSAGE - 1, 'first'));
    pasteFiles(box, many(2, 'second'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `A message takes up to ${MAX_IMAGES_PER_MESSAGE} images.`,
    );
    expect(screen.getAllByRole('img')).toHaveLength(MAX_IMAGES_PER_MESSAGE);
    expect(screen.getByRole('img', { name: /^Image 20: second1.png/ })).toBeTruthy();
  });

  it('attaches dropped images instead of typing their paths', async () => {
    const { box } = renderComposer();
    fireEvent.drop(box, { dataTransfer: { files: [png('drop.png')], types: ['Files'] } });
    expect(await screen.findByRole('img', { name: /^Image 1: drop.png/ })).toBeTruthy();
    expect(box.value).toBe('');
  });

  it('keeps a message over Claude Code’s length limit in the box, says so, and sends nothing', async () => {
    const { box, sent, user } = renderComposer();
    await user.click(box);
    await user.keyboard('Read: ');
    // Just over the limit with what is typed: the paste alone is one character short of it.
    pasteText(box, 'x'.repeat(MAX_PROMPT_CHARS - 1));
    const over = MAX_PROMPT_CHARS - 1 + 'Read: '.length;
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      `This message is ${over.toLocaleString('en-US')} characters; Claude Code takes at most 10,000,000.`,
    );
    await user.keyboard('{Enter}');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toEqual([]);
    expect(box.value).toBe('Read: [Pasted 1 line]');
    // An opened giant paste shows its start, not all of it.
    await user.click(screen.getByRole('button', { name: '[Pasted 1 line]' }));
    const preview = document.querySelector('.agent-paste-text')!.textContent!;
    expect(preview.length).toBeLessThan(30_000);
    expect(preview).toMatch(/… and 9,979,999 more characters$/);
    // Down to the limit, it goes, whole.
    await user.click(box);
    fireEvent.change(box, { target: { value: '[Pasted 1 line]' } });
    expect(box.value).toBe('[Pasted 1 line]');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.keyboard('{Enter}');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text.length).toBe(MAX_PROMPT_CHARS - 1);
  });
});
