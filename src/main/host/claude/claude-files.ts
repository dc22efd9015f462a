import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ClaudeSettingsFile, RuleSource } from '../../../shared/contract/claude-rules';
import { errorMessage } from '../../../shared/error-message';
import { readJsoncFile } from '../jsonc-file';

/**
 * Where Claude Code keeps the settings of one folder: the user's (`$CLAUDE_CONFIG_DIR`, else
 * `~/.claude`, as the CLI the block runs is told), the project's two in the folder, and the
 * organisation's managed file, which only an administrator writes.
 */
export interface ClaudePlaces {
  /** The CLI's own folder: `settings.json`, `CLAUDE.md`. */
  userDir: string;
  /** The HOME the CLI runs with: `~` in a memory file's imports. */
  home: string;
  /** The block's folder; null with no agent block, when only the user's files are in effect. */
  cwd: string | null;
  platform: NodeJS.Platform;
}

export function claudePlaces(
  env: NodeJS.ProcessEnv,
  cwd: string | null,
  platform: NodeJS.Platform = process.platform,
): ClaudePlaces {
  const home = env['HOME'] ?? env['USERPROFILE'] ?? homedir();
  return { userDir: env['CLAUDE_CONFIG_DIR'] || join(home, '.claude'), home, cwd, platform };
}

function managedSettingsPath(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/managed-settings.json';
  if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode\\managed-settings.json';
  return '/etc/claude-code/managed-settings.json';
}

/** The settings file of each source in the CLI's order, lowest priority first. */
export function settingsPaths(places: ClaudePlaces): { source: RuleSource; path: string }[] {
  const { cwd } = places;
  return [
    { source: 'user', path: join(places.userDir, 'settings.json') },
    ...(cwd
      ? [
          { source: 'project' as const, path: join(cwd, '.claude', 'settings.json') },
          { source: 'local' as const, path: join(cwd, '.claude', 'settings.local.json') },
        ]
      : []),
    { source: 'managed', path: managedSettingsPath(places.platform) },
  ];
}

export interface ReadSettings extends ClaudeSettingsFile {
  /** The document, `{}` for a missing file or one that could not be read. */
  value: Record<string, unknown>;
}

/**
 * Every settings file in effect, read; one that does not parse is reported, not thrown, and so is
 * one Claude Code itself would not read. Its `value` is Tether's reading either way.
 */
export async function readSettingsFiles(places: ClaudePlaces): Promise<ReadSettings[]> {
  return Promise.all(
    settingsPaths(places).map(async ({ source, path }) => {
      try {
        const file = await readJsoncFile(path);
        const value = file?.value;
        if (value !== undefined && !isRecord(value)) {
          return {
            source,
            path,
            exists: true,
            value: {},
            problem: `${path} does not hold a JSON object; Tether left it as it is.`,
          };
        }
        return {
          source,
          path,
          exists: file !== null,
          value: value ?? {},
          problem: file && !isStrictJson(file.text) ? notReadByClaude(path) : null,
        };
      } catch (error) {
        return { source, path, exists: true, value: {}, problem: errorMessage(error) };
      }
    }),
  );
}

// The pinned CLI reads its settings files as strict JSON: a comment or a trailing comma, which
// Tether keeps as it edits, makes it ignore the whole file (docs/protocol.md).
function isStrictJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function notReadByClaude(path: string): string {
  return (
    `Claude Code ignores ${path}: it reads only plain JSON, and this file has comments or ` +
    'trailing commas. Its settings are not in force until they are taken out.'
  );
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The settings file of an editable scope. */
export function scopePath(places: ClaudePlaces, scope: 'user' | 'project' | 'local'): string {
  const found = settingsPaths(places).find((file) => file.source === scope);
  if (!found) throw new Error('Open an agent block to change the settings of its folder.');
  return found.path;
}

/** A file's settings without the problem and value, as pages see it. */
export function fileOf({ source, path, exists, problem }: ReadSettings): ClaudeSettingsFile {
  return { source, path, exists, problem };
}
