import { PERMISSION_MODES } from '../../../../../shared/agent-control';

// Claude Code's names for its modes, but for `default`, which it calls "Manual": that says
// nothing about what the mode does.
const LABELS: Readonly<Record<string, string>> = {
  default: 'Ask before edits',
  acceptEdits: 'Accept edits',
  plan: 'Plan',
  bypassPermissions: 'Bypass permissions',
  auto: 'Auto',
  dontAsk: 'Don’t ask',
};

/** A permission mode as people read it; one Tether does not know keeps the CLI's word. */
export function permissionModeLabel(mode: string): string {
  return LABELS[mode] ?? mode;
}

/** The modes to choose from: those the header can switch to, and the current one if another. */
export function permissionModeChoices(current: string): readonly string[] {
  return (PERMISSION_MODES as readonly string[]).includes(current)
    ? PERMISSION_MODES
    : [...PERMISSION_MODES, current];
}
