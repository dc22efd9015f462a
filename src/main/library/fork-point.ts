import { isRecord } from '../../shared/is-record';
import { str } from '../../shared/json-fields';
import { readLines } from './index/line-reader';

/**
 * Where a fork that stops before the prompt `uuid` resumes (the CLI's `--resume-session-at`
 * keeps the conversation up to and including the entry it names): the entry the prompt follows
 * in the session file, or null for the session's first prompt, before which there is nothing.
 * Only lines that name the uuid are parsed.
 */
export async function entryBefore(path: string, uuid: string): Promise<string | null> {
  const parents: (string | null)[] = [];
  await readLines(path, 0, (lines) => {
    for (const { text } of lines) {
      if (parents.length > 0 || !text.includes(uuid)) continue;
      const entry = parse(text);
      if (!entry || entry['uuid'] !== uuid || entry['type'] !== 'user') continue;
      const parent = entry['parentUuid'];
      parents.push(str(parent));
    }
  });
  const [parent] = parents;
  if (parent === undefined) throw new Error('that message is not in its session file');
  return parent;
}

function parse(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}
