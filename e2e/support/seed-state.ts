import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { syntheticEvents } from '#test/support/synthetic-transcript';
import type { LayoutNode } from '../../src/shared/workspace-state';

/** The id of the agent block a seeded workspace starts with. */
export const SEEDED_BLOCK = 'seeded';

/**
 * Writes browser mode's state as a long day would leave it: a workspace of one agent block whose
 * event log already holds `events` events, and beside it the blocks `beside` names (id → kind),
 * in a grid of two columns.
 */
export async function seedAgentBlock(
  stateDir: string,
  workspaceDir: string,
  events: number,
  beside: Record<string, string> = {},
) {
  const ids = [SEEDED_BLOCK, ...Object.keys(beside)];
  const kinds: Record<string, string> = { [SEEDED_BLOCK]: 'agent', ...beside };
  await writeFile(
    join(stateDir, 'browser-workspace.json'),
    JSON.stringify({
      version: 1,
      layout: grid(ids),
      blocks: Object.fromEntries(ids.map((id) => [id, { kind: kinds[id], cwd: workspaceDir }])),
      focused: SEEDED_BLOCK,
    }),
  );
  await mkdir(join(stateDir, 'agents'), { recursive: true });
  const lines = syntheticEvents(events).map((e) => JSON.stringify(e) + '\n');
  await writeFile(join(stateDir, 'agents', `${SEEDED_BLOCK}.jsonl`), lines.join(''));
}

/** Rows of two blocks side by side, stacked. */
function grid(ids: string[]): LayoutNode {
  const split = (id: string, orientation: 'horizontal' | 'vertical', children: LayoutNode[]) =>
    children.length === 1
      ? children[0]!
      : {
          type: 'split' as const,
          id,
          orientation,
          children,
          sizes: children.map(() => 100 / children.length),
        };
  const rows: LayoutNode[] = [];
  for (let i = 0; i < ids.length; i += 2) {
    const pair = ids.slice(i, i + 2).map((blockId): LayoutNode => ({ type: 'block', blockId }));
    rows.push(split(`row-${i / 2}`, 'horizontal', pair));
  }
  return split('rows', 'vertical', rows);
}
