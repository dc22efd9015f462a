/**
 * The entry types of the CLI's on-disk session files (`~/.claude/projects/<folder>/<id>.jsonl`),
 * as the pinned CLI (2.1.332) names them in its own table of them.
 */

/** Entries of the conversation itself: linked by `uuid`/`parentUuid` into chains. */
export const CONVERSATION_TYPES: ReadonlySet<string> = new Set([
  'user',
  'assistant',
  'system',
  'attachment',
  'progress',
]);

/** Entries that name the session: the newest of each wins. */
export const TITLE_FIELDS: ReadonlyMap<string, { field: string; source: TitleSource }> = new Map([
  ['custom-title', { field: 'customTitle', source: 'custom' }],
  ['ai-title', { field: 'aiTitle', source: 'ai' }],
  ['summary', { field: 'summary', source: 'summary' }],
]);

export type TitleSource = 'custom' | 'ai' | 'summary' | 'prompt';

/**
 * The CLI's own bookkeeping (request shapes, queue operations, cost state, file history, modes,
 * …): known, and nothing in them is part of the conversation or of what a session list shows.
 */
export const BOOKKEEPING_TYPES: ReadonlySet<string> = new Set([
  'queue-operation',
  'api-request',
  'api-request-resumed',
  'api-request-shape',
  'api-request-blob',
  'frame-link',
  'observer-ref',
  'continued-in',
  'resume-head-vouch',
  'file-history-snapshot',
  'file-history-delta',
  'attribution-snapshot',
  'tag',
  'relocated',
  'agent-name',
  'agent-color',
  'agent-setting',
  'mode',
  'permission-mode',
  'session-owner',
  'isolation-latch',
  'dev-mods',
  'atis-latch',
  'worktree-state',
  'bridge-session',
  'tools-used',
  'data-flow-records',
  'data-flow-incomplete',
  'derived-from',
  'pr-link',
  'history-suppression',
  'ended-by-model',
  'cost-state',
  'last-prompt',
  'content-replacement',
  'memory-mode',
  'artifact-comment-monitor',
  'artifact-autoreact-ledger',
  'fork-context-ref',
  'repl-mode',
  'hybrid-organization',
  'host-row',
]);
