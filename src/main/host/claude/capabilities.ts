import type { SessionCapabilities } from '../../../shared/contract/claude-account';
import { isRecord } from '../../../shared/is-record';

/**
 * What a session can run, from what the CLI announced: the `initialize` answer and the answer to
 * `reload_plugins` (`commands` with `builtin`, `agents`, `plugins`), and the `system/init` frame
 * (`skills`, `plugins`). Entries without a name are left out.
 */

const text = (record: Record<string, unknown>, key: string) =>
  typeof record[key] === 'string' ? record[key] : '';

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord).filter((r) => text(r, 'name')) : [];
}

/**
 * The CLI names where a command it did not build in comes from at the end of its description:
 * "Say hello (user)", "(project)", "(plugin-name)".
 */
const SOURCE_SUFFIX = /\s*\(([^()]+)\)$/;

function command(entry: Record<string, unknown>): SessionCapabilities['commands'][number] {
  const said = text(entry, 'description');
  const suffix = entry['builtin'] === true ? null : SOURCE_SUFFIX.exec(said);
  return {
    name: text(entry, 'name'),
    description: suffix ? said.slice(0, suffix.index) : said,
    argumentHint: text(entry, 'argumentHint'),
    source: entry['builtin'] === true ? 'built-in' : suffix?.[1],
  };
}

export function capabilitiesOf(
  listed: Record<string, unknown>,
  init: Record<string, unknown>,
): SessionCapabilities {
  const skills = Array.isArray(init['skills'])
    ? init['skills'].filter((s): s is string => typeof s === 'string')
    : [];
  return {
    commands: records(listed['commands']).map(command),
    agents: records(listed['agents']).map((a) => ({
      name: text(a, 'name'),
      description: text(a, 'description'),
      model: text(a, 'model'),
    })),
    skills,
    plugins: records(listed['plugins'] ?? init['plugins']).map((p) => ({
      name: text(p, 'name'),
      source: text(p, 'source'),
      path: text(p, 'path'),
    })),
  };
}
