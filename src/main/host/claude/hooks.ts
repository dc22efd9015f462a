import type { ClaudeHook, RuleSource } from '../../../shared/contract/claude-rules';
import type { RequestResult } from '../../../shared/contract/host';
import { editJsoncFile } from '../jsonc-file';
import { fileOf, isRecord, readSettingsFiles, scopePath, type ClaudePlaces } from './claude-files';

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

/**
 * The hooks of every settings file, per event and matcher, as the files hold them
 * (`hooks.<Event>[].matcher`, `.hooks[].command`), and `disableAllHooks` as the file of the
 * highest priority that sets it says.
 */
export async function claudeHooks(places: ClaudePlaces): Promise<RequestResult<'claudeHooks'>> {
  const files = await readSettingsFiles(places);
  const hooks: ClaudeHook[] = [];
  let disabled: { value: boolean; source: RuleSource } | null = null;
  for (const file of files) {
    const events = file.value['hooks'];
    for (const [event, groups] of Object.entries(isRecord(events) ? events : {})) {
      for (const group of records(groups)) {
        const matcher = typeof group['matcher'] === 'string' ? group['matcher'] : '';
        for (const hook of records(group['hooks'])) {
          const command =
            typeof hook['command'] === 'string' ? hook['command'] : `(${String(hook['type'])})`;
          hooks.push({ event, matcher, command, source: file.source, path: file.path });
        }
      }
    }
    const off = file.value['disableAllHooks'];
    if (typeof off === 'boolean') disabled = { value: off, source: file.source };
  }
  return { files: files.map(fileOf), hooks, disabled };
}

/**
 * Turns all hooks off, or on again, in the folder's local settings (the user's with no block):
 * the file of the highest priority Tether writes. Turning them on takes the key out where that
 * is enough, and sets it false where a lower file would still turn them off.
 */
export async function setHooksDisabled(places: ClaudePlaces, disabled: boolean): Promise<void> {
  const scope = places.cwd ? 'local' : 'user';
  const path = scopePath(places, scope);
  const files = await readSettingsFiles(places);
  const managed = files.find((file) => file.source === 'managed');
  if (!disabled && managed?.value['disableAllHooks'] === true)
    throw new Error('Your organisation turned hooks off in its managed settings.');
  const below = files
    .filter((file) => file.source !== 'managed' && file.path !== path)
    .some((file) => file.value['disableAllHooks'] === true);
  const value = disabled ? true : below ? false : undefined;
  await editJsoncFile(path, () => [{ path: ['disableAllHooks'], value }]);
}
