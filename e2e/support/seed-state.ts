import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { syntheticEvents } from '#test/support/synthetic-transcript';

/** The id of the agent block a seeded workspace starts with. */
export const SEEDED_BLOCK = 'seeded';

/**
 * Writes browser mode's state as a long day would leave it: a workspace of one agent block whose
 * event log already holds `events` events.
 */
export async function seedAgentBlock(stateDir: string, workspaceDir: string, events: number) {
  await writeFile(
    join(stateDir, 'browser-workspace.json'),
    JSON.stringify({
      version: 1,
      layout: { type: 'block', blockId: SEEDED_BLOCK },
      blocks: { [SEEDED_BLOCK]: { kind: 'agent', cwd: workspaceDir } },
      focused: SEEDED_BLOCK,
    }),
  );
  await mkdir(join(stateDir, 'agents'), { recursive: true });
  const lines = syntheticEvents(events).map((e) => JSON.stringify(e) + '\n');
  await writeFile(join(stateDir, 'agents', `${SEEDED_BLOCK}.jsonl`), lines.join(''));
}
