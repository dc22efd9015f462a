import { isRecord } from '../../../shared/is-record';
import { nonEmpty } from '../../../shared/json-fields';
import { foldUsage, type SessionUsage } from './session-usage';

/**
 * What the library keeps of one session, folded entry by entry from its on-disk transcript, so a
 * grown file is read on from where it was and the fold continues from the stored state.
 *
 * Entries are the CLI's own (`~/.claude/projects/<folder>/<id>.jsonl`): `user`/`assistant` with a
 * `message`, titles (`custom-title` when the user renamed it, `ai-title`, the older CLIs'
 * `summary`), and bookkeeping (`attachment`, `queue-operation`, `api-request`, …) that carries no
 * conversation. Anything unknown is ignored, never an error: every CLI version adds types.
 */
export interface SessionDigest {
  /** The folder the session ran in, from its entries (the encoded folder name loses `-` vs `/`). */
  cwd?: string;
  firstAt?: number;
  lastAt?: number;
  /** The user's prompts and the model's replies (one per API message), sidechains excluded. */
  messages: number;
  model?: string;
  gitBranch?: string;
  /** Which client wrote it: the CLI's `entrypoint` (`cli`, `sdk-cli`, `claude-vscode`, …). */
  entrypoint?: string;
  version?: string;
  customTitle?: string;
  aiTitle?: string;
  summary?: string;
  firstPrompt?: string;
  /** The last reply's message id: the CLI writes one entry per content block of a reply. */
  lastReplyId?: string;
  /** Tokens and cost, once a reply or a cost came in. */
  usage?: SessionUsage;
}

export const emptyDigest = (): SessionDigest => ({ messages: 0 });

type Json = Record<string, unknown>;

/** Longest title kept: the first prompt can be pages long. */
const TITLE_CHARS = 200;

/** Text blocks of a message's content (a plain string in user prompts). */
function textsOf(content: unknown, into: string[]): void {
  if (typeof content === 'string') {
    into.push(content);
    return;
  }
  if (!Array.isArray(content)) return;
  for (const block of content) {
    if (!isRecord(block)) continue;
    if (block['type'] === 'text' && typeof block['text'] === 'string') into.push(block['text']);
  }
}

/** A prompt the user typed, not a tool result nor the CLI's own wrapped command output. */
function promptOf(entry: Json, message: Json): string | undefined {
  if (entry['isMeta'] === true || entry['isSidechain'] === true) return undefined;
  const texts: string[] = [];
  textsOf(message['content'], texts);
  const text = texts.join('\n').trim();
  if (!text || text.startsWith('<')) return undefined;
  return text;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0]!.trim();
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
}

function timeOf(entry: Json): number | undefined {
  const stamp = entry['timestamp'];
  if (typeof stamp !== 'string') return undefined;
  const ms = Date.parse(stamp);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Folds one parsed entry into the digest (in place: a session has thousands of entries). */
export function foldEntry(digest: SessionDigest, entry: unknown): void {
  if (!isRecord(entry)) return;
  const type = entry['type'];
  if (type === 'custom-title')
    digest.customTitle = nonEmpty(entry['customTitle']) ?? digest.customTitle;
  else if (type === 'ai-title') digest.aiTitle = nonEmpty(entry['aiTitle']) ?? digest.aiTitle;
  else if (type === 'summary') digest.summary = nonEmpty(entry['summary']) ?? digest.summary;
  const at = timeOf(entry);
  if (type === 'assistant' || type === 'cost-state') foldUsage(digest, entry, at);
  if (type !== 'user' && type !== 'assistant') return;

  if (at !== undefined) {
    if (digest.firstAt === undefined || at < digest.firstAt) digest.firstAt = at;
    if (digest.lastAt === undefined || at > digest.lastAt) digest.lastAt = at;
  }
  digest.cwd ??= nonEmpty(entry['cwd']);
  digest.gitBranch = nonEmpty(entry['gitBranch']) ?? digest.gitBranch;
  digest.entrypoint ??= nonEmpty(entry['entrypoint']);
  digest.version = nonEmpty(entry['version']) ?? digest.version;

  const message = entry['message'];
  if (!isRecord(message) || entry['isSidechain'] === true) return;
  if (type === 'user') {
    const prompt = promptOf(entry, message);
    if (prompt === undefined) return;
    digest.messages++;
    digest.firstPrompt ??= firstLine(prompt);
    return;
  }
  const model = nonEmpty(message['model']);
  // The CLI's own notices (`<synthetic>`) are no model the user chose.
  if (model && !model.startsWith('<')) digest.model = model;
  const id = nonEmpty(message['id']);
  if (id === undefined || id !== digest.lastReplyId) digest.messages++;
  digest.lastReplyId = id;
}

/** The title the CLI itself would show: the user's name for it, its own, else the first prompt. */
export function titleOf(digest: SessionDigest): string {
  const title = digest.customTitle ?? digest.aiTitle ?? digest.summary ?? digest.firstPrompt;
  return title ? firstLine(title) : '(no prompt)';
}

/** Longest text indexed from one block: a tool's output can be megabytes of file or log. */
export const BLOCK_TEXT_CHARS = 64 * 1024;

const capped = (text: string): string =>
  text.length > BLOCK_TEXT_CHARS ? text.slice(0, BLOCK_TEXT_CHARS) : text;

/** Every string inside a tool's input, so a path or a command is found by its words. */
function stringsOf(value: unknown, into: string[], depth = 0): void {
  if (typeof value === 'string') into.push(capped(value));
  else if (depth < 8 && Array.isArray(value)) for (const v of value) stringsOf(v, into, depth + 1);
  else if (depth < 8 && isRecord(value))
    for (const v of Object.values(value)) stringsOf(v, into, depth + 1);
}

function toolResultTexts(content: unknown, into: string[]): void {
  if (typeof content === 'string') into.push(capped(content));
  else if (Array.isArray(content))
    for (const block of content)
      if (isRecord(block) && typeof block['text'] === 'string') into.push(capped(block['text']));
}

/**
 * The words one entry adds to the full-text index: prompts, replies, tool inputs and outputs, and
 * titles. Empty for bookkeeping entries, which are most of a transcript's bytes.
 */
export function searchableText(entry: unknown): string {
  if (!isRecord(entry)) return '';
  const into: string[] = [];
  const type = entry['type'];
  if (type === 'custom-title') stringsOf(entry['customTitle'], into);
  else if (type === 'ai-title') stringsOf(entry['aiTitle'], into);
  else if (type === 'summary') stringsOf(entry['summary'], into);
  else if (type === 'user' || type === 'assistant') {
    const message = entry['message'];
    if (!isRecord(message) || entry['isMeta'] === true) return '';
    const content = message['content'];
    if (typeof content === 'string') into.push(capped(content));
    else if (Array.isArray(content))
      for (const block of content) {
        if (!isRecord(block)) continue;
        if (block['type'] === 'text') stringsOf(block['text'], into);
        else if (block['type'] === 'tool_use') {
          stringsOf(block['name'], into);
          stringsOf(block['input'], into);
        } else if (block['type'] === 'tool_result') toolResultTexts(block['content'], into);
      }
  }
  return into.join('\n');
}
