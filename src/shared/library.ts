import { z } from 'zod';
import { sshHostSchema } from './contract/remote';

// The session library on the wire: every Claude Code session on the machine, as the host's index
// lists and finds them (src/main/library).

const count = z.number().int().min(0);
const time = z.number().nullable();
const text = z.string().max(100_000);

export const sessionSummarySchema = z.object({
  sessionId: z.string().min(1).max(256),
  /** The transcript file. */
  path: z.string().max(4096),
  /** The folder the session ran in: Resume starts there. */
  project: z.string().max(4096),
  title: text,
  firstAt: time,
  lastAt: time,
  messages: count,
  model: z.string().max(200).nullable(),
  gitBranch: z.string().max(1000).nullable(),
  /** The client that wrote it, as the CLI names it (`cli`, `claude-vscode`, `sdk-cli`, …). */
  entrypoint: z.string().max(200).nullable(),
  version: z.string().max(100).nullable(),
  /** A running CLI is writing it now. */
  live: z.boolean(),
  /** The ssh host whose CLI wrote it (`path` is then Tether's copy); absent for this computer's. */
  host: sshHostSchema.optional(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const snippetSchema = z.object({
  text,
  /** `[start, end)` of each match in `text`. */
  ranges: z.array(z.tuple([count, count])),
});
export type Snippet = z.infer<typeof snippetSchema>;

export const libraryProgressSchema = z.object({
  filesDone: count,
  filesTotal: count,
  bytesDone: count,
  bytesTotal: count,
  bytesRead: count,
  done: z.boolean(),
});
export type LibraryProgress = z.infer<typeof libraryProgressSchema>;

export const libraryProblemsSchema = z.object({
  /** No `projects` folder: no session was ever written here (or CLAUDE_CONFIG_DIR moved it). */
  missing: z.boolean(),
  unreadable: count,
  corrupt: count,
  oversized: count,
  files: z.array(
    z.object({
      path: z.string().max(4096),
      kind: z.enum(['unreadable', 'corrupt', 'oversized']),
      detail: z.string().max(2000),
    }),
  ),
  /** Connected hosts whose sessions could not be fetched, each with one sentence on why. */
  hosts: z.array(z.object({ host: sshHostSchema, error: z.string().max(2000) })).optional(),
});
export type LibraryProblems = z.infer<typeof libraryProblemsSchema>;

export const libraryFilterSchema = z
  .object({
    project: z.string().min(1).max(4096).optional(),
    /** Epoch ms: sessions active at or after it. */
    since: z.number().optional(),
    until: z.number().optional(),
    /** The sessions of this ssh host (its copies in Tether); without it, this computer's. */
    host: sshHostSchema.optional(),
  })
  .strict();
export type LibraryFilter = z.infer<typeof libraryFilterSchema>;

/** What the library lists as the client of a session one of Tether's agent blocks ran. */
export const TETHER_ENTRYPOINT = 'tether';

const CLIENTS: ReadonlyMap<string, string> = new Map([
  [TETHER_ENTRYPOINT, 'Tether'],
  ['cli', 'Claude Code CLI'],
  ['sdk-cli', 'Claude Code (headless)'],
  ['sdk-ts', 'Agent SDK (TypeScript)'],
  ['sdk-py', 'Agent SDK (Python)'],
  ['claude-vscode', 'VS Code'],
  ['claude-desktop', 'Claude Desktop'],
  ['local-agent', 'Claude Desktop (local agent)'],
  ['remote', 'Claude Code on the web'],
  ['mcp', 'MCP server'],
]);

/** The client that wrote a session, by the name the CLI records (`entrypoint`); null if unknown. */
export function clientName(entrypoint: string): string | null {
  return CLIENTS.get(entrypoint) ?? null;
}
