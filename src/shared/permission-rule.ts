/**
 * Claude Code's permission rule grammar, as its settings files hold rules in `permissions.allow`,
 * `ask` and `deny`: `Tool` or `Tool(specifier)`. `Bash(npm run test:*)`, `Read(./secrets/**)`,
 * `WebFetch(domain:example.com)`, `mcp__server__tool`. Checked before a rule is written, so a
 * typo never reaches a file the CLI would then skip the rule of.
 */

export interface PermissionRule {
  toolName: string;
  /** What the rule narrows the tool to; absent: every use of the tool. */
  specifier?: string;
}

export type RuleCheck = { ok: true; rule: PermissionRule } | { ok: false; problem: string };

export const PERMISSION_BEHAVIORS = ['allow', 'ask', 'deny'] as const;
export type PermissionBehavior = (typeof PERMISSION_BEHAVIORS)[number];

// Tool names are identifiers; MCP tools are `mcp__<server>` or `mcp__<server>__<tool>`, whose
// server names may hold hyphens.
const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
const MAX_RULE = 1000;

export function checkPermissionRule(text: string): RuleCheck {
  const rule = text.trim();
  if (rule === '') return { ok: false, problem: 'A rule names a tool, as Bash or Bash(npm test).' };
  if (rule.length > MAX_RULE)
    return { ok: false, problem: `A rule is at most ${MAX_RULE} characters.` };
  if (/[\r\n]/.test(rule)) return { ok: false, problem: 'A rule is one line.' };
  const open = rule.indexOf('(');
  const toolName = open === -1 ? rule : rule.slice(0, open);
  if (!TOOL_NAME.test(toolName)) {
    return {
      ok: false,
      problem: `"${toolName}" is not a tool name: letters, digits, _ and -, starting with a letter.`,
    };
  }
  if (toolName.startsWith('mcp__') && toolName.length === 'mcp__'.length) {
    return {
      ok: false,
      problem: 'An MCP rule names its server: mcp__server or mcp__server__tool.',
    };
  }
  if (open === -1) return { ok: true, rule: { toolName } };
  if (!rule.endsWith(')')) {
    return { ok: false, problem: 'A rule with a specifier ends with ")", as Bash(npm test).' };
  }
  const specifier = rule.slice(open + 1, -1);
  if (specifier.trim() === '') {
    return {
      ok: false,
      problem: `Write ${toolName} alone for every use, or put what it may do in the parentheses.`,
    };
  }
  if (toolName.startsWith('mcp__')) {
    return { ok: false, problem: 'MCP tools take no specifier: mcp__server or mcp__server__tool.' };
  }
  if (toolName === 'WebFetch' && !/^domain:\S+$/.test(specifier)) {
    return { ok: false, problem: 'WebFetch rules name a domain, as WebFetch(domain:example.com).' };
  }
  return { ok: true, rule: { toolName, specifier } };
}
