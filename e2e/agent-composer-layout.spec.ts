import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { lastToolResults, textReply, toolUseReply } from '#test/support/fake-anthropic';
import { screenshot } from './support/app-page';
import { ask, composer, expect, openAgent, test, transcript } from './support/agent-mode';

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, `${locator} has a box`).not.toBeNull();
  return found!;
}

const intersect = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** WCAG contrast of an element's text against the first opaque background behind it. */
const contrast = (locator: Locator) =>
  locator.evaluate((element) => {
    const rgb = (colour: string) => colour.match(/[\d.]+/g)!.map(Number);
    let behind: Element | null = element;
    let background = [0, 0, 0, 0];
    while (behind) {
      background = rgb(getComputedStyle(behind).backgroundColor);
      if (background[3] === undefined || background[3] === 1) break;
      behind = behind.parentElement;
    }
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r!, g!, b!].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    const [lighter, darker] = [
      luminance(rgb(getComputedStyle(element).color)),
      luminance(background),
    ].sort((a, b) => b - a);
    return (lighter! + 0.05) / (darker! + 0.05);
  });

test('what is typed and not sent is still in the composer after a reload', async ({
  page,
  agentMode,
}) => {
  const agent = await openAgent(page, agentMode.browserMode.url);
  await page.keyboard.type('half a thought');
  await page.waitForTimeout(1000); // the draft reaches the block's spec, and the workspace saves
  await page.reload();
  await expect(composer(page.getByRole('region', { name: 'Agent' }))).toHaveValue('half a thought');
  await expect(agent).toHaveCount(1);
});

test.describe('with a suggested next prompt', () => {
  test.use({ suggestion: 'Run the tests next.' });

  test('the suggestion line stacks under the checklist, the background tasks and a notice', async ({
    page,
    agentMode,
  }) => {
    const notes = join(agentMode.browserMode.workspaceDir, 'notes.txt');
    await writeFile(notes, 'as it was\n');
    agentMode.script(({ body }) => {
      // The second prompt starts the job; the first makes the plan and writes the notes.
      const second = JSON.stringify(body.messages).includes('slow job');
      if (lastToolResults(body).length > 0) return textReply(second ? 'Started.' : 'Planned.');
      if (!second) {
        return toolUseReply([
          { name: 'TaskCreate', input: { subject: 'Read the code', description: 'All of it' } },
          { name: 'Write', input: { file_path: notes, content: 'new\n' } },
        ]);
      }
      return toolUseReply({
        name: 'Bash',
        input: { command: 'sleep 60', description: 'Slow job', run_in_background: true },
      });
    });
    const agent = await openAgent(page, agentMode.browserMode.url);
    await agent.getByRole('combobox', { name: 'Permission mode' }).selectOption('acceptEdits');
    await ask(page, agent, 'plan and write the notes');
    await expect(transcript(agent).getByText('Planned.')).toBeVisible({ timeout: 30_000 });
    const rewind = transcript(agent).getByRole('button', { name: 'Rewind code to here' });
    await expect(rewind).toBeEnabled();
    await rewind.click();
    const dialog = page.getByRole('dialog', { name: 'Rewind files' });
    await dialog.getByRole('button', { name: 'Rewind' }).click();
    const notice = agent.getByText('Rewound 1 file to before that message.');
    await expect(notice).toBeVisible();

    await ask(page, agent, 'start the slow job in the background');
    await expect(transcript(agent).getByText('Started.')).toBeVisible({ timeout: 30_000 });

    const suggestion = agent.getByText(/Suggested:.*Tab takes it/);
    await expect(suggestion).toBeVisible({ timeout: 30_000 });
    const others = {
      transcript: transcript(agent),
      checklist: agent.getByRole('list', { name: 'Task checklist' }),
      background: agent.getByRole('region', { name: 'Background tasks' }),
      notice,
      box: composer(agent),
    };
    const line = await box(suggestion);
    for (const [name, other] of Object.entries(others)) {
      await expect(other).toBeVisible();
      expect(intersect(line, await box(other)), `the suggestion is clear of the ${name}`).toBe(
        false,
      );
    }
    await screenshot(page, 'agent-suggestion-stacked');
  });
});

test('the find bar in a narrow agent block keeps its buttons, readable in the light theme', async ({
  page,
  agentMode,
}) => {
  await page.setViewportSize({ width: 560, height: 720 });
  await page.emulateMedia({ colorScheme: 'light' });
  const agent = await openAgent(page, agentMode.browserMode.url);
  await page.keyboard.press('Control+Shift+F');
  const bar = agent.getByRole('search', { name: 'Find in transcript' });
  await expect(bar).toBeVisible();
  const block = await box(agent);
  expect(block.width).toBeLessThan(400);
  const controls = [
    bar.getByText('Match case'),
    bar.getByRole('button', { name: 'Previous match' }),
    bar.getByRole('button', { name: 'Next match' }),
    bar.getByRole('button', { name: 'Close' }),
  ];
  for (const control of controls) {
    const { x, width } = await box(control);
    expect(x, `${control} starts inside the block`).toBeGreaterThanOrEqual(block.x);
    expect(x + width, `${control} ends inside the block`).toBeLessThanOrEqual(
      block.x + block.width,
    );
  }
  expect(await contrast(bar.getByText('Match case'))).toBeGreaterThanOrEqual(4.5);
  await screenshot(page, 'agent-find-narrow-light');
});
