import type { AgentSession } from '../../agent/agent-session';
import type { RequestParams, RequestResult } from '../../../shared/contract/host';
import type { ClaudePermissionRule, RuleSource } from '../../../shared/contract/claude-rules';
import { checkPermissionRule, PERMISSION_BEHAVIORS } from '../../../shared/permission-rule';
import { editJsoncFile, type JsonEdit } from '../jsonc-file';
import { cliFileSources, permissionRulesAnswer } from './cli-answers';
import { fileOf, isRecord, readSettingsFiles, scopePath, type ClaudePlaces } from './claude-files';

type RuleChange = Omit<RequestParams<'changeClaudePermissionRule'>, 'agentId'>;
type RuleRef = NonNullable<RuleChange['add']>;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The rules in effect: those of every settings file (each with its file), and, with a running
 * session, those it holds from elsewhere (approvals for the session, `--allowedTools`), which
 * only the CLI knows and no request of the pinned CLI removes; the same for directories.
 */
export async function permissionRules(
  places: ClaudePlaces,
  session: AgentSession | null,
): Promise<RequestResult<'claudePermissionRules'>> {
  const [files, held] = await Promise.all([readSettingsFiles(places), sessionState(session)]);
  const rules: ClaudePermissionRule[] = [];
  const additionalDirectories: { path: string; source: RuleSource }[] = [];
  let defaultMode: { mode: string; source: RuleSource } | null = null;
  for (const file of files) {
    const permissions = file.value['permissions'];
    if (!isRecord(permissions)) continue;
    for (const behavior of PERMISSION_BEHAVIORS) {
      for (const rule of strings(permissions[behavior])) {
        const inForce = held && holds(held.rules, { behavior, rule, scope: file.source });
        rules.push({ behavior, rule, source: file.source, path: file.path, inForce });
      }
    }
    for (const path of strings(permissions['additionalDirectories']))
      additionalDirectories.push({ path, source: file.source });
    // Files come lowest priority first: the last one to set the mode is the one in force.
    const mode = permissions['defaultMode'];
    if (typeof mode === 'string') defaultMode = { mode, source: file.source };
  }
  for (const rule of held?.rules ?? []) {
    if (!(rule.source in cliFileSources)) {
      const { behavior } = rule;
      rules.push({ behavior, rule: rule.rule, source: 'session', path: null, inForce: true });
    }
  }
  for (const directory of held?.workspaceDirectories ?? []) {
    if (!(directory.source in cliFileSources))
      additionalDirectories.push({ path: directory.path, source: 'session' });
  }
  return { files: files.map(fileOf), rules, defaultMode, additionalDirectories };
}

async function sessionState(session: AgentSession | null) {
  if (!session) return null;
  try {
    return permissionRulesAnswer.parse(
      await session.controlRequest({ subtype: 'list_permission_rules' }),
    ).state;
  } catch {
    // A session that refuses or has ended: the files still say what they say.
    return null;
  }
}

/**
 * Puts `add` into its file and takes `remove` out of its own (an edit is both), each file edited
 * in place (its comments and other settings kept). The running CLI follows its settings files by itself;
 * `applied` says it was seen to hold the change within a few seconds.
 */
export async function changePermissionRule(
  places: ClaudePlaces,
  session: AgentSession | null,
  { remove, add }: RuleChange,
): Promise<RequestResult<'changeClaudePermissionRule'>> {
  const added = add && { ...add, rule: checkedRule(add.rule) };
  const same = (a: RuleRef, b: RuleRef) =>
    a.behavior === b.behavior && a.rule === b.rule && a.scope === b.scope;
  if (remove && added && same(remove, added)) return { applied: true };
  // One write per file: the pinned CLI can miss the second of two writes to one file made in
  // quick succession. The new rule goes in first: an edit that fails halfway (two files) leaves
  // both rules, never neither.
  const edits = new Map<string, ((current: unknown) => JsonEdit[])[]>();
  const editOf = (ref: RuleRef, edit: (current: unknown, path: string) => JsonEdit[]) => {
    const path = scopePath(places, ref.scope);
    edits.set(path, [...(edits.get(path) ?? []), (current) => edit(current, path)]);
  };
  if (added) editOf(added, (current) => addEdits(current, added));
  if (remove) editOf(remove, (current, path) => removeEdits(current, remove, path));
  for (const [path, changes] of edits)
    await editJsoncFile(path, (current) => changes.flatMap((change) => change(current)));
  if (!session) return { applied: false };
  return { applied: await sessionHolds(session, remove, added) };
}

function checkedRule(text: string): string {
  const check = checkPermissionRule(text);
  if (!check.ok) throw new Error(check.problem);
  return text.trim();
}

function rulesIn(document: unknown, behavior: RuleRef['behavior']): unknown[] | null {
  const permissions = isRecord(document) ? document['permissions'] : undefined;
  const list = isRecord(permissions) ? permissions[behavior] : undefined;
  return Array.isArray(list) ? list : null;
}

function removeEdits(current: unknown, { behavior, rule }: RuleRef, path: string): JsonEdit[] {
  const index = rulesIn(current, behavior)?.indexOf(rule) ?? -1;
  if (index === -1) throw new Error(`${rule} is no longer in ${path}.`);
  return [{ path: ['permissions', behavior, index], value: undefined }];
}

/** Appends the rule (after any other edit of the same file, whose indexes stay as they are). */
function addEdits(current: unknown, { behavior, rule }: RuleRef): JsonEdit[] {
  const permissions = isRecord(current) ? current['permissions'] : undefined;
  if (permissions !== undefined && !isRecord(permissions))
    throw new Error('"permissions" in that file is not an object; fix it in an editor first.');
  const list = rulesIn(current, behavior);
  if (list?.includes(rule)) return [];
  if (list) return [{ path: ['permissions', behavior, list.length], value: rule }];
  if (permissions?.[behavior] !== undefined)
    throw new Error(
      `"permissions.${behavior}" in that file is not a list; fix it in an editor first.`,
    );
  return [{ path: ['permissions', behavior], value: [rule] }];
}

/** Whether the session's rules hold `ref`, taken from its file. */
function holds(
  rules: readonly { behavior: string; source: string; rule: string }[],
  ref: { behavior: string; rule: string; scope: RuleSource },
): boolean {
  return rules.some(
    (rule) =>
      rule.behavior === ref.behavior &&
      rule.rule === ref.rule &&
      cliFileSources[rule.source as keyof typeof cliFileSources] === ref.scope,
  );
}

// The pinned CLI notices an edited settings file within about a second and a half (it waits for
// the file to settle); a change it has not taken in this long is reported as not seen.
const APPLY_WAIT_MS = 6_000;
const APPLY_POLL_MS = 200;

async function sessionHolds(
  session: AgentSession,
  remove: RuleRef | undefined,
  add: RuleRef | undefined,
): Promise<boolean> {
  const deadline = Date.now() + APPLY_WAIT_MS;
  for (;;) {
    const rules = (await sessionState(session))?.rules ?? [];
    if ((!remove || !holds(rules, remove)) && (!add || holds(rules, add))) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, APPLY_POLL_MS));
  }
}
