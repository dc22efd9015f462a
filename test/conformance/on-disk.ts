/**
 * The on-disk session files of the recordings (`recordings/on-disk/`), as the CLI wrote them:
 * `<name>.jsonl` and, for a scenario with subagents, `<name>/subagents/agent-<id>.jsonl` with its
 * `.meta.json`; for a fork, the session it started from as `<name>/earlier/1.jsonl`. No vitest
 * imports: benches and scripts use it too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RECORDINGS_DIR } from './record';

export const ON_DISK_DIR = path.join(RECORDINGS_DIR, 'on-disk');

export interface OnDiskSubagent {
  /** `agent-<id>.jsonl` */
  file: string;
  text: string;
  /** The Agent tool use its `.meta.json` names. */
  toolUseId?: string;
}

export interface OnDiskRecording {
  /** The scenario's name, also of its stdout recording `recordings/<name>.jsonl`. */
  name: string;
  text: string;
  subagents: OnDiskSubagent[];
  /** Sessions of the run before the one it ended in (a fork's original), oldest first. */
  earlier: string[];
}

export function onDiskRecordings(): OnDiskRecording[] {
  return fs
    .readdirSync(ON_DISK_DIR)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => {
      const name = f.replace(/\.jsonl$/, '');
      return {
        name,
        text: fs.readFileSync(path.join(ON_DISK_DIR, f), 'utf8'),
        subagents: subagentsOf(name),
        earlier: earlierOf(name),
      };
    });
}

function earlierOf(name: string): string[] {
  const dir = path.join(ON_DISK_DIR, name, 'earlier');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

function subagentsOf(name: string): OnDiskSubagent[] {
  const dir = path.join(ON_DISK_DIR, name, 'subagents');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((file) => {
      const metaFile = path.join(dir, file.replace(/\.jsonl$/, '.meta.json'));
      const meta: unknown = fs.existsSync(metaFile)
        ? JSON.parse(fs.readFileSync(metaFile, 'utf8'))
        : null;
      const toolUseId =
        typeof meta === 'object' && meta !== null && 'toolUseId' in meta
          ? String(meta.toolUseId)
          : undefined;
      return { file, text: fs.readFileSync(path.join(dir, file), 'utf8'), toolUseId };
    });
}
