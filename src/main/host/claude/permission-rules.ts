import type { AgentSession } from '../../agent/agent-session';
import type { RequestParams, RequestResult } from '../../../shared/contract/host';
import type { ClaudePermissionRule, RuleSource } from '../../../shared/contract/claude-rules';
import { checkPermissionRule, PERMISSION_BEHAVIORS } from '../../../shared/permission-rule';
import { editJsoncFile } from '../jsonc-file';
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
  const files = await readSettingsFiles(places);
  const rules: ClaudePermissionRule[] = [];
  const additionalDirectories: { path: string; source: RuleSource }[] = [];
  let defaultMode: { mode: string; source: RuleSource } | null = null;
  for (const file of files) {
    const permissions = file.value['permissions'];
    if (!isRecord(permissions)) continue;
    for (const behavior of PERMISSION_BEHAVIORS) {
      for (const rule of strings(permissions[behavior]))
        rules.push({ behavior, rule, source: file.source, path: file.path });
    }
    for (const path of strings(permissions['additionalDirectories']))
      additionalDirectories.push({ path, source: file.source });
    // Files come lowest priority first: the last one to set the mode is the one in force.
    const mode = permissions['defaultMode'];
    if (typeof mode === 'string') defaultMode = { mode, source: file.source };
  }
  const held = await sessionState(session);
  for (const rule of held?.rules ?? []) {
    if (!(rule.source in cliFileSources))
      rules.push({ behavior: rule.behavior, rule: rule.rule, source: 'session', path: null });
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
 * Takes `remove` out of its file and puts `add` into its own, each file edited in place (its
 * comments and other settings kept). The running CLI follows its settings files by itself;
 * `applied` says it was seen to hold the change within a few seconds.
 */
export async function changePermissionRule(
  places: ClaudePlaces,
  session: AgentSession | null,
  { remove, add }: RuleChange,
): Promise<RequestResult<'changeClaudePermissionRule'>> {
  const added = add && { ...add, rule: checkedRule(add.rule) };
  if (remove) await removeRule(places, remove);
  if (added) await addRule(places, added);
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

async function removeRule(places: ClaudePlaces, { behavior, rule, scope }: RuleRef) {
  const path = scopePath(places, scope);
  await editJsoncFile(path, (current) => {
    const index = rulesIn(current, behavior)?.indexOf(rule) ?? -1;
    if (index === -1) throw new Error(`${rule} is no longer in ${path}.`);
    return [{ path: ['permissions', behavior, index], value: undefined }];
  });
}

async function addRule(places: ClaudePlaces, { behavior, rule, scope }: RuleRef) {
  await editJsoncFile(scopePath(places, scope), (current) => {
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
  });
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
  const holds = (rules: { behavior: string; source: string; rule: string }[], ref: RuleRef) =>
    rules.some(
      (rule) =>
        rule.behavior === ref.behavior &&
        rule.rule === ref.rule &&
        cliFileSources[rule.source as keyof typeof cliFileSources] === ref.scope,
    );
  const deadline = Date.now() + APPLY_WAIT_MS;
  for (;;) {
    const rules = (await sessionState(session))?.rules ?? [];
    if ((!remove || !holds(rules, remove)) && (!add || holds(rules, add))) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, APPLY_POLL_MS));
  }
}
