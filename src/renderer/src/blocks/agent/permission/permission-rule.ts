import type { PermissionSuggestion } from '../../../../../shared/agent-event';
import { isRecord } from '../../../../../shared/is-record';
import { permissionModeLabel } from '../status/permission-modes';

const destinations: Record<string, string> = {
  localSettings: '.claude/settings.local.json in this project (only you)',
  projectSettings: '.claude/settings.json in this project (shared with the team)',
  userSettings: '~/.claude/settings.json (all your projects)',
  session: 'this session only',
  cliArg: 'this session’s command line',
};

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

function ruleText(rule: unknown): string {
  if (!isRecord(rule) || typeof rule['toolName'] !== 'string') return JSON.stringify(rule);
  const content = rule['ruleContent'];
  return typeof content === 'string' ? `${rule['toolName']}(${content})` : rule['toolName'];
}

/** "Always allow" in words: what the rule is and where the CLI will keep it. */
export function describeSuggestion(suggestion: PermissionSuggestion): {
  rule: string;
  where: string;
} {
  const type = suggestion['type'];
  const destination = suggestion['destination'];
  const where =
    (typeof destination === 'string' && destinations[destination]) ||
    (typeof destination === 'string' ? destination : 'the CLI’s settings');
  let rule: string;
  if (type === 'addRules' || type === 'replaceRules') {
    const behavior = typeof suggestion['behavior'] === 'string' ? suggestion['behavior'] : 'allow';
    const rules = Array.isArray(suggestion['rules']) ? suggestion['rules'].map(ruleText) : [];
    rule = `${behavior} ${rules.join(', ')}`;
  } else if (type === 'addDirectories') {
    rule = `access to ${strings(suggestion['directories']).join(', ')}`;
  } else if (type === 'setMode' && typeof suggestion['mode'] === 'string') {
    rule = `switch to the “${permissionModeLabel(suggestion['mode'])}” mode`;
  } else {
    rule = JSON.stringify(suggestion);
  }
  return { rule, where };
}
