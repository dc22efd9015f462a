import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isRecord } from '../../shared/is-record';
import { readLines } from './index/line-reader';
import { readSmallFile } from './regular-file';
import { TranscriptReader, type TranscriptTranslation } from './transcript/transcript-reader';

/**
 * A session file translated whole, with its subagents' files (`<session-id>/subagents/
 * agent-<id>.jsonl` beside it, each named to its Agent tool use by its `.meta.json`). Read line
 * by line, so a session of hundreds of megabytes is never one string; a subagent file that cannot
 * be read leaves that subagent out, not the session.
 */
export async function readSessionFile(path: string): Promise<TranscriptTranslation> {
  const reader = new TranscriptReader();
  // A last line without its newline is one the CLI is still writing: it is left out.
  const { oversized } = await readLines(path, 0, (lines) =>
    lines.forEach((line) => reader.pushLine(line.text)),
  );
  const folder = join(dirname(path), basename(path, '.jsonl'), 'subagents');
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names.filter((file) => file.endsWith('.jsonl')).sort()) {
    const toolUseId = await metaToolUseId(join(folder, name.replace(/\.jsonl$/, '.meta.json')));
    await readLines(join(folder, name), 0, (lines) =>
      lines.forEach((line) => reader.pushLine(line.text, toolUseId)),
    ).catch(() => undefined);
  }
  const translation = reader.finish();
  return { ...translation, skipped: translation.skipped + oversized };
}

/** A subagent's `.meta.json` names its tool use in a few hundred bytes. */
const META_MAX_BYTES = 64 * 1024;

async function metaToolUseId(path: string): Promise<string | undefined> {
  try {
    const meta: unknown = JSON.parse(await readSmallFile(path, META_MAX_BYTES));
    return isRecord(meta) && typeof meta['toolUseId'] === 'string' ? meta['toolUseId'] : undefined;
  } catch {
    return undefined;
  }
}
