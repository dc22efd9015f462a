import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, parse, resolve } from 'node:path';
import type { AgentSession } from '../../agent/agent-session';
import type { ClaudeMemoryFile } from '../../../shared/contract/claude-rules';
import type { RequestResult } from '../../../shared/contract/host';
import { memoryImports } from '../../../shared/memory-imports';
import { replaceFile } from '../json-file';
import { memoryFilesAnswer } from './cli-answers';
import type { ClaudePlaces } from './claude-files';

// As deep as the CLI follows imports of imports.
const MAX_IMPORT_DEPTH = 5;

async function textOf(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

function resolveImport(places: ClaudePlaces, from: string, target: string): string {
  if (target === '~' || target.startsWith('~/')) return join(places.home, target.slice(1));
  return isAbsolute(target) ? target : resolve(dirname(from), target);
}

/** The files `path` imports, resolved, that exist. */
async function importsOf(places: ClaudePlaces, path: string): Promise<string[]> {
  const text = await textOf(path);
  if (text === null) return [];
  return memoryImports(text)
    .map((target) => resolveImport(places, path, target))
    .filter((imported) => existsSync(imported));
}

/**
 * The memory files in effect, in load order: with a running session, those the CLI says it
 * loaded (`get_context_usage`); else those it would load, found as it finds them: the user's,
 * then from the filesystem's root down to the folder each folder's `CLAUDE.md`,
 * `.claude/CLAUDE.md` and `CLAUDE.local.md`, each followed by what it imports.
 */
export async function claudeMemory(
  places: ClaudePlaces,
  session: AgentSession | null,
): Promise<RequestResult<'claudeMemory'>> {
  const loaded = (await loadedBySession(session)) ?? (await foundOnDisk(places));
  const importedBy = new Map<string, string>();
  for (const file of loaded) {
    for (const imported of await importsOf(places, file.path))
      if (!importedBy.has(imported) && imported !== file.path) importedBy.set(imported, file.path);
  }
  const files: ClaudeMemoryFile[] = loaded.map(({ path, kind }) => ({
    path,
    kind,
    importedBy: importedBy.get(path) ?? null,
    exists: existsSync(path),
  }));
  return { files, targets: memoryTargets(places) };
}

async function loadedBySession(session: AgentSession | null) {
  if (!session) return null;
  try {
    const answer = memoryFilesAnswer.parse(
      await session.controlRequest({ subtype: 'get_context_usage' }),
    );
    return answer.memoryFiles.map(({ path, type }) => ({ path, kind: type }));
  } catch {
    return null;
  }
}

async function foundOnDisk(places: ClaudePlaces) {
  const found: { path: string; kind: string }[] = [];
  const add = async (path: string, kind: string, depth: number) => {
    if (!existsSync(path) || found.some((file) => file.path === path)) return;
    found.push({ path, kind });
    if (depth < MAX_IMPORT_DEPTH)
      for (const imported of await importsOf(places, path)) await add(imported, kind, depth + 1);
  };
  await add(join(places.userDir, 'CLAUDE.md'), 'User', 0);
  for (const folder of foldersDownTo(places.cwd)) {
    await add(join(folder, 'CLAUDE.md'), 'Project', 0);
    await add(join(folder, '.claude', 'CLAUDE.md'), 'Project', 0);
    await add(join(folder, 'CLAUDE.local.md'), 'Local', 0);
  }
  return found;
}

function foldersDownTo(cwd: string | null): string[] {
  if (!cwd) return [];
  const folders: string[] = [];
  for (let folder = cwd; ; folder = dirname(folder)) {
    folders.unshift(folder);
    if (folder === parse(folder).root) return folders;
  }
}

/** Where "Add to memory" writes: the user's file and, with a block, its folder's two. */
function memoryTargets({ userDir, cwd }: ClaudePlaces) {
  return [
    { label: 'User (~/.claude/CLAUDE.md)', path: join(userDir, 'CLAUDE.md') },
    ...(cwd
      ? [
          { label: 'Project (CLAUDE.md)', path: join(cwd, 'CLAUDE.md') },
          { label: 'Local (CLAUDE.local.md)', path: join(cwd, 'CLAUDE.local.md') },
        ]
      : []),
  ];
}

/**
 * Appends `line` to one of the memory files this page lists (never another path), on a line of
 * its own, written atomically with the file's own permissions.
 */
export async function addMemory(
  places: ClaudePlaces,
  session: AgentSession | null,
  path: string,
  line: string,
): Promise<void> {
  const { files, targets } = await claudeMemory(places, session);
  if (![...files, ...targets].some((file) => file.path === path))
    throw new Error(`${path} is not one of the memory files of this folder.`);
  const text = (await textOf(path)) ?? '';
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  const mode = existsSync(path) ? (await stat(path)).mode & 0o777 : 0o644;
  await replaceFile(path, `${text}${separator}${line.trim()}\n`, mode);
}
