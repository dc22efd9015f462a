import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { lastUserMessage, textReply, type MessagesRequestBody } from '#test/support/fake-anthropic';
import { screenshot } from './support/app-page';
import { composer, expect, openAgent, test, transcript } from './support/agent-mode';

/** Pastes as the system clipboard would: a ClipboardEvent whose DataTransfer holds `what`. */
async function paste(box: Locator, what: { text?: string; png?: boolean }): Promise<string> {
  return box.evaluate(async (element, { text, png }) => {
    const transfer = new DataTransfer();
    let data = '';
    if (text) transfer.setData('text/plain', text);
    if (png) {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 24;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#e8453c';
      context.fillRect(0, 0, 24, 24);
      context.fillStyle = '#ffffff';
      context.fillRect(6, 6, 12, 12);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!)));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      data = btoa(String.fromCharCode(...bytes));
      transfer.items.add(new File([blob], 'image.png', { type: 'image/png' }));
    }
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
    return data;
  }, what);
}

const height = (box: Locator) => box.evaluate((element) => element.getBoundingClientRect().height);

/** Lines as typed text (an input event, not a paste), faster than key by key. */
async function typeLines(page: Page, count: number) {
  const lines = Array.from({ length: count }, (_, i) => `\nline ${i + 1}`).join('');
  await page.keyboard.insertText(lines);
}

test('@ completes a path, a pasted PNG and a long paste reach the API with the text', async ({
  page,
  agentMode,
}) => {
  const folder = agentMode.browserMode.workspaceDir;
  await mkdir(join(folder, 'src'), { recursive: true });
  await mkdir(join(folder, 'build'), { recursive: true });
  await writeFile(join(folder, 'src', 'alpha.ts'), 'export const alpha = 1;\n');
  await writeFile(join(folder, 'build', 'alpha.js'), '');
  await writeFile(join(folder, '.gitignore'), 'build/\n');
  const prompts: MessagesRequestBody[] = [];
  agentMode.script(({ body }) => {
    prompts.push(body);
    return textReply('A red square.');
  });

  const agent = await openAgent(page, agentMode.browserMode.url);
  const box = composer(agent);
  await page.keyboard.type('what is @alp');
  const files = agent.getByRole('listbox', { name: 'Files' });
  await expect(files.getByRole('option')).toHaveText(['src/alpha.ts']);
  await screenshot(page, 'agent-composer-files');
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('what is @src/alpha.ts ');
  await expect(files).toHaveCount(0);
  await page.keyboard.press('Backspace');
  await page.keyboard.type('#1-2 and in this picture? ');

  const png = await paste(box, { png: true });
  await expect(agent.getByRole('img', { name: /^Image 1: image\.png, \d+ B$/ })).toBeVisible();
  const log = Array.from({ length: 8 }, (_, i) => `error ${i + 1}: it failed`).join('\n');
  await paste(box, { text: log });
  await expect(agent.getByRole('button', { name: '[Pasted 8 lines]', exact: true })).toBeVisible();
  await expect(box).toHaveValue('what is @src/alpha.ts#1-2 and in this picture? [Pasted 8 lines]');

  // The box grows with its lines up to its limit, then scrolls.
  const oneLine = await height(box);
  await typeLines(page, 3);
  const fourLines = await height(box);
  expect(fourLines).toBeGreaterThan(oneLine * 1.5);
  await typeLines(page, 40);
  const viewport = page.viewportSize()!.height;
  expect(await height(box)).toBeLessThanOrEqual(viewport * 0.4 + 1);
  expect(await box.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await page.keyboard.press('Control+Home');
  await screenshot(page, 'agent-composer');

  await page.keyboard.press('Control+End');
  await page.keyboard.type('thanks');
  await page.keyboard.press('Enter');
  await expect(transcript(agent).getByText('A red square.')).toBeVisible();
  await expect(transcript(agent).getByText('With 1 image')).toBeVisible();
  await expect(agent.getByRole('list', { name: 'Images' })).toHaveCount(0);

  const content = lastUserMessage(prompts.at(-1)!)!.content;
  if (typeof content === 'string') throw new Error('the prompt went without content blocks');
  const text = content.find((block) => block.text?.includes('@src/alpha.ts#1-2'));
  expect(text?.text).toContain(`in this picture? ${log}\n`);
  expect(content.find((block) => block.type === 'image')?.['source']).toEqual({
    type: 'base64',
    media_type: 'image/png',
    data: png,
  });
});
