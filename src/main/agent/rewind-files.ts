import type { RewindChanges } from '../../shared/contract/rewind';
import { str, strings } from '../../shared/json-fields';

/**
 * The CLI's answer to `rewind_files`, as the pinned CLI gives it: `{canRewind, error?,
 * filesChanged?, insertions?, deletions?}` for a dry run, `{canRewind, skippedLinks}` once
 * applied. It refuses inside a successful answer (`canRewind: false` with its reason: no
 * checkpoint for that message, checkpointing off), which is thrown here as the user's message.
 */
export function rewindChangesOf(response: Record<string, unknown>): RewindChanges {
  if (response['canRewind'] !== true) {
    throw new Error(str(response['error']) ?? 'Claude Code cannot rewind the files to there.');
  }
  return {
    files: strings(response['filesChanged']),
    insertions: count(response['insertions']),
    deletions: count(response['deletions']),
  };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}
