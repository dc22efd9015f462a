import { homedir } from 'node:os';
import { join } from 'node:path';
import type { JSONPath } from 'jsonc-parser';
import {
  mcpServerConfigSchema,
  type McpServerConfig,
  type McpWritableScope,
} from '../../../shared/contract/claude-mcp';
import { errorMessage } from '../../../shared/error-message';
import { editJsoncFile, readJsoncFile } from '../jsonc-file';

// Where Claude Code keeps MCP servers: `~/.claude.json` holds the user's (`mcpServers`) and, per
// folder, the local ones (`projects[<folder>].mcpServers`); `.mcp.json` in the folder holds the
// project's, shared through the repository.

/** `~/.claude.json` of the environment Claude runs in (`CLAUDE_CONFIG_DIR` moves it). */
export function claudeJsonPath(env: NodeJS.ProcessEnv): string {
  const dir = env['CLAUDE_CONFIG_DIR'] || env['HOME'] || homedir();
  return join(dir, '.claude.json');
}

/** The files of one agent block: its folder is null with no block (the user's servers only). */
export interface McpFiles {
  claudeJson: string;
  cwd: string | null;
}

/** A server as a file configures it. */
export interface ConfiguredServer {
  name: string;
  scope: McpWritableScope;
  config: Record<string, unknown>;
}

function fileAndPath(files: McpFiles, scope: McpWritableScope): { file: string; path: JSONPath } {
  if (scope === 'user') return { file: files.claudeJson, path: ['mcpServers'] };
  if (files.cwd === null) {
    throw new Error(`the ${scope} scope is a folder's: open an agent block in that folder`);
  }
  return scope === 'local'
    ? { file: files.claudeJson, path: ['projects', files.cwd, 'mcpServers'] }
    : { file: join(files.cwd, '.mcp.json'), path: ['mcpServers'] };
}

function at(value: unknown, path: JSONPath): unknown {
  let here = value;
  for (const key of path) {
    if (here === null || typeof here !== 'object' || Array.isArray(here)) return undefined;
    here = (here as Record<string, unknown>)[key as string];
  }
  return here;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The servers the files configure for the folder, local first, then project, then user (the
 * order in which Claude Code lets one name win over another). A file that cannot be read adds
 * its sentence to `problems` and no servers.
 */
export async function configuredServers(
  files: McpFiles,
): Promise<{ servers: ConfiguredServer[]; problems: string[] }> {
  const scopes: McpWritableScope[] = files.cwd === null ? ['user'] : ['local', 'project', 'user'];
  const servers: ConfiguredServer[] = [];
  const problems: string[] = [];
  for (const scope of scopes) {
    const { file, path } = fileAndPath(files, scope);
    try {
      const entries = at((await readJsoncFile(file))?.value, path);
      if (!isRecord(entries)) continue;
      for (const [name, config] of Object.entries(entries)) {
        if (isRecord(config)) servers.push({ name, scope, config });
      }
    } catch (error) {
      const problem = errorMessage(error);
      if (!problems.includes(problem)) problems.push(problem);
    }
  }
  return { servers, problems };
}

/**
 * Writes `config` as server `name` of `scope`'s file, keeping everything else in it. Refuses a
 * name the scope already has: replacing someone's server is an edit, not an add.
 */
export async function addServerToFile(
  files: McpFiles,
  scope: McpWritableScope,
  name: string,
  config: McpServerConfig,
): Promise<void> {
  const { file, path } = fileAndPath(files, scope);
  await editJsoncFile(
    file,
    (current) => {
      const entries = at(current, path);
      if (entries !== undefined && !isRecord(entries)) {
        throw new Error(`${file}: ${path.join('.')} is not an object; Tether left it as it is`);
      }
      if (entries && Object.hasOwn(entries, name)) {
        throw new Error(`the ${scope} scope already has a server named ${name}`);
      }
      // jsonc-parser makes the parents that are missing (`projects`, the folder's entry).
      return [{ path: [...path, name], value: config }];
    },
    (next) => {
      const written = mcpServerConfigSchema.safeParse(at(next, [...path, name]));
      if (!written.success) throw new Error(`${file} would not hold the server as given`);
    },
  );
}

/** Takes server `name` out of `scope`'s file; rejects when that file has no such server. */
export async function removeServerFromFile(
  files: McpFiles,
  scope: McpWritableScope,
  name: string,
): Promise<void> {
  const { file, path } = fileAndPath(files, scope);
  await editJsoncFile(file, (current) => {
    const entries = at(current, path);
    if (!isRecord(entries) || !Object.hasOwn(entries, name)) {
      throw new Error(`the ${scope} scope has no server named ${name} (${file})`);
    }
    return [{ path: [...path, name], value: undefined }];
  });
}

/**
 * Takes `name` out of the folder's `disabledMcpServers`, where the CLI put it when a session
 * disabled it: a server added again later under that name would otherwise start disabled.
 */
export async function forgetDisabled(files: McpFiles, name: string): Promise<void> {
  if (files.cwd === null) return;
  const path = ['projects', files.cwd, 'disabledMcpServers'];
  await editJsoncFile(files.claudeJson, (current) => {
    const list = at(current, path);
    if (!Array.isArray(list) || !list.includes(name)) return [];
    return [{ path, value: list.filter((entry) => entry !== name) }];
  });
}
