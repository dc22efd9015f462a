import { isRecord } from '../../../../../shared/is-record';
import type { PermissionSuggestion } from '../../../../../shared/agent-event';
import { permissionModeLabel } from '../status/permission-modes';

/** What each permission mode lets run without asking, in the words of the CLI's own help. */
const EFFECTS: Record<string, string> = {
  default: 'Tools that change something ask first, as now.',
  acceptEdits:
    'File edits and common filesystem commands (such as mkdir, touch, rm, mv and cp) in the project then run without asking; other commands still ask.',
  plan: 'Claude then only reads and plans: it changes nothing until you approve a plan.',
  auto: 'A classifier then approves or denies each request without asking you.',
  dontAsk: 'Tools not already allowed are then denied without asking.',
  bypassPermissions: 'Every tool then runs without asking, including commands that delete files.',
};

/**
 * What "Always allow" would let run without asking when `suggestion` switches the session's
 * permission mode; null for any other suggestion.
 */
export function modeSwitchEffect(suggestion: PermissionSuggestion | undefined): string | null {
  if (!isRecord(suggestion) || suggestion['type'] !== 'setMode') return null;
  const mode = suggestion['mode'];
  if (typeof mode !== 'string') return null;
  return EFFECTS[mode] ?? `The session switches to the “${permissionModeLabel(mode)}” mode.`;
}
