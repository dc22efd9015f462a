import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  lastToolResults,
  textReply,
  toolUseReply,
  type FakeReply,
  type MessagesCall,
} from '#test/support/fake-anthropic';
import { ask, expect, openAgent, transcript, type AgentMode } from './agent-mode';

/**
 * An agent (in "Accept edits") whose first turn edited two files of the workspace, notes.txt
 * (beta → BETA) and other.txt (one → two), and ended with "Edited both.". `answer`, when it
 * replies, answers the later requests instead.
 */
export async function agentThatEditedTwoFiles(
  page: Page,
  agentMode: AgentMode,
  answer: (call: MessagesCall) => FakeReply | undefined = () => undefined,
): Promise<{ agent: Locator; notes: string; other: string }> {
  const notes = join(agentMode.browserMode.workspaceDir, 'notes.txt');
  const other = join(agentMode.browserMode.workspaceDir, 'other.txt');
  await writeFile(notes, 'alpha\nbeta\ngamma\n');
  await writeFile(other, 'one\n');
  agentMode.script((call) => {
    const answered = answer(call);
    if (answered) return answered;
    if (lastToolResults(call.body).length === 0) {
      return toolUseReply([
        { name: 'Edit', input: { file_path: notes, old_string: 'beta', new_string: 'BETA' } },
        { name: 'Edit', input: { file_path: other, old_string: 'one', new_string: 'two' } },
      ]);
    }
    return textReply('Edited both.');
  });
  const agent = await openAgent(page, agentMode.browserMode.url);
  await agent.getByRole('combobox', { name: 'Permission mode' }).selectOption('acceptEdits');
  await ask(page, agent, 'edit the files');
  await expect(transcript(agent).getByText('Edited both.')).toBeVisible({ timeout: 30_000 });
  return { agent, notes, other };
}
