import type { AgentEvent } from '../../../shared/agent-event';
import { isRecord } from '../../../shared/is-record';
import { str } from '../../../shared/json-fields';
import { entryContent, type EntryContent } from './entry-content';
import { BOOKKEEPING_TYPES, CONVERSATION_TYPES, TITLE_FIELDS } from './entry-types';
import { chainOf, type ChainLink } from './main-chain';
import { SessionMetaCollector, type SessionMeta } from './session-meta';

/**
 * The Claude Code CLI's on-disk transcript (`~/.claude/projects/<folder>/<session-id>.jsonl`, one
 * JSON entry a line) → the AgentEvents a live agent block shows, plus what a session list needs.
 *
 * - The conversation is the chain of entries ending at the newest one (main-chain.ts), root
 *   first; for what the CLI writes that is file order.
 * - A subagent's entries (`isSidechain`, its `agentId`; since 2.1 in
 *   `<session-id>/subagents/agent-<agentId>.jsonl`) are a chain of their own. They are shown
 *   nested under the Agent tool use that ran them (linked by the `agentId` in that tool's
 *   result, or `linkAgent` from the agent's `.meta.json`), right after that tool use, with the
 *   same `parent_tool_use_id` nesting the live translator gives a subagent's frames.
 * - A line that is not a JSON object, or an entry whose fields cannot be used, is skipped and
 *   counted (`skipped`); an entry of a type this reader does not know is skipped and counted
 *   (`unknown`). An entry written twice shows once, reordered lines are read in chain order, and
 *   an entry whose parent line was lost goes on from the entry before it. Nothing here throws on
 *   input.
 * - What the view shows, as the live translator shows it from stdout: prompts (`user_message`),
 *   text, thinking, tool uses and results, compaction boundaries, slash-command output, and an
 *   `error` where a turn ended in an API error, an interrupt or the turn limit. The file records
 *   no turn ends or per-turn costs, so there are no `done` or `cost` events.
 */
export interface TranscriptTranslation {
  events: AgentEvent[];
  skipped: number;
  unknown: number;
  meta: SessionMeta;
}

/** A subagent's own transcript file, and the Agent tool use its `.meta.json` names, if read. */
export interface SubagentTranscript {
  text: string;
  toolUseId?: string;
}

interface Node extends ChainLink {
  content: EntryContent;
}

/** Subagents nest at most this deep (the CLI allows far fewer); a guard against crafted links. */
const MAX_SUBAGENT_DEPTH = 16;

/** Translates a whole transcript (and its subagents' files) at once. */
export function translateTranscript(
  text: string,
  subagents: readonly SubagentTranscript[] = [],
): TranscriptTranslation {
  const reader = new TranscriptReader();
  pushText(reader, text);
  for (const subagent of subagents) pushText(reader, subagent.text, subagent.toolUseId);
  return reader.finish();
}

function pushText(reader: TranscriptReader, text: string, toolUseId?: string): void {
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    reader.pushLine(text.slice(start, stop), toolUseId);
    start = stop + 1;
  }
}

/** The line-at-a-time form, for files too big to hold as one string: push lines, then finish. */
export class TranscriptReader {
  private readonly main: Node[] = [];
  private readonly agents = new Map<string, Node[]>();
  private readonly agentTools = new Map<string, string>();
  private readonly toolStatus = new Map<string, string>();
  private readonly meta = new SessionMetaCollector();
  private skipped = 0;
  private unknown = 0;

  /**
   * One line of a session file or of a subagent's file (entries say which they are). `toolUseId`:
   * the Agent tool use a subagent's file belongs to, when its `.meta.json` says so.
   */
  pushLine(line: string, toolUseId?: string): void {
    const entry = parseLine(line);
    if (entry === 'blank') return;
    if (entry === null) {
      this.skipped++;
      return;
    }
    const type = str(entry['type']);
    const sidechain = entry['isSidechain'] === true;
    if (!sidechain) this.meta.noteEntry(entry);
    if (type !== null && CONVERSATION_TYPES.has(type)) return this.pushNode(type, entry, toolUseId);
    const title = type === null ? undefined : TITLE_FIELDS.get(type);
    if (title) {
      const text = str(entry[title.field]);
      if (text === null) this.skipped++;
      else this.meta.noteTitle(title.source, text);
      return;
    }
    if (type === null || !BOOKKEEPING_TYPES.has(type)) this.unknown++;
  }

  /** Links a subagent to the Agent tool use it ran under (from its `.meta.json`). */
  linkAgent(agentId: string, toolUseId: string): void {
    if (!this.agentTools.has(agentId)) this.agentTools.set(agentId, toolUseId);
  }

  finish(): TranscriptTranslation {
    const chain = chainOf(this.main).map((i) => this.main[i]!);
    const events: AgentEvent[] = [];
    new Splicer(events, this.agentChains(), this.toolStatus).emit(chain, null, 0);
    let firstPrompt: string | null = null;
    let prompts = 0;
    let model: string | null = null;
    const replies = new Set<string>();
    for (const { content } of chain) {
      if (content.prompt !== null) {
        firstPrompt ??= content.prompt;
        prompts++;
      }
      if (content.messageId !== null) replies.add(content.messageId);
      model = content.model ?? model;
    }
    return {
      events,
      skipped: this.skipped,
      unknown: this.unknown,
      meta: this.meta.result({ firstPrompt, messageCount: prompts + replies.size, model }),
    };
  }

  private pushNode(type: string, entry: Record<string, unknown>, toolUseId?: string): void {
    const content = entryContent(type, entry);
    if (content === null) {
      this.skipped++;
      return;
    }
    const node: Node = {
      uuid: str(entry['uuid']),
      parentUuid: 'parentUuid' in entry ? str(entry['parentUuid']) : undefined,
      logicalParentUuid: str(entry['logicalParentUuid']),
      content,
    };
    if (content.agentRun) this.linkAgent(content.agentRun.agentId, content.agentRun.toolUseId);
    const status = content.agentRun?.status ?? content.taskStatus?.status;
    const statusTool = content.agentRun?.toolUseId ?? content.taskStatus?.toolUseId;
    if (status && statusTool) this.toolStatus.set(statusTool, status);
    if (entry['isSidechain'] !== true) {
      this.main.push(node);
      return;
    }
    // A sidechain that names no agent (written inline by older CLIs) cannot be placed: not shown.
    const agentId = str(entry['agentId']);
    if (agentId === null) return;
    if (toolUseId !== undefined) this.linkAgent(agentId, toolUseId);
    let nodes = this.agents.get(agentId);
    if (!nodes) this.agents.set(agentId, (nodes = []));
    nodes.push(node);
  }

  /** Each linked subagent's chain, by the Agent tool use it ran under. */
  private agentChains(): Map<string, { agentId: string; chain: Node[] }> {
    const byTool = new Map<string, { agentId: string; chain: Node[] }>();
    for (const [agentId, nodes] of this.agents) {
      const toolUseId = this.agentTools.get(agentId);
      if (toolUseId === undefined || byTool.has(toolUseId)) continue;
      byTool.set(toolUseId, { agentId, chain: chainOf(nodes).map((i) => nodes[i]!) });
    }
    return byTool;
  }
}

/** Lays out the chains' events: each tool use once, a subagent's events right after its tool use. */
class Splicer {
  private readonly toolUses = new Set<string>();

  constructor(
    private readonly out: AgentEvent[],
    private readonly agents: Map<string, { agentId: string; chain: Node[] }>,
    private readonly toolStatus: ReadonlyMap<string, string>,
  ) {}

  /** Emits `chain`'s events under `parent` (null: the session's own); returns its last text. */
  emit(chain: readonly Node[], parent: string | null, depth: number): string | null {
    let lastText: string | null = null;
    for (const node of chain) {
      for (const event of node.content.events) {
        const placed = parent === null ? event : nested(event, parent);
        if (placed === null) continue;
        if (placed.type === 'tool_use') {
          if (this.toolUses.has(placed.id)) continue;
          this.toolUses.add(placed.id);
          this.out.push(placed);
          this.spliceAgent(placed, depth);
          continue;
        }
        if (placed.type === 'assistant_text') lastText = placed.text;
        this.out.push(placed);
      }
    }
    return lastText;
  }

  private spliceAgent(use: AgentEvent & { type: 'tool_use' }, depth: number): void {
    const agent = this.agents.get(use.id);
    if (!agent || depth >= MAX_SUBAGENT_DEPTH) return;
    // Once only, even should a crafted file link the agent's own tool use into its chain.
    this.agents.delete(use.id);
    const summary = this.emit(agent.chain, use.id, depth + 1);
    const status = this.toolStatus.get(use.id);
    if (status === undefined) return;
    const event: AgentEvent & { type: 'subagent' } = {
      type: 'subagent',
      task_id: agent.agentId,
      // What the Agent tool says of a background agent before it reports back.
      status: status === 'async_launched' ? 'running' : status,
      tool_use_id: use.id,
    };
    const description = use.input['description'];
    if (typeof description === 'string') event.description = description;
    if (summary !== null) event.summary = summary;
    this.out.push(event);
  }
}

/**
 * A subagent's event, placed under the tool use that ran it; null for what only the session
 * itself shows (its prompts, errors, notes: live, a subagent's never reach the transcript).
 */
function nested(event: AgentEvent, parent: string): AgentEvent | null {
  switch (event.type) {
    case 'assistant_text':
    case 'thinking':
    case 'tool_use':
    case 'tool_result':
      return { ...event, parent_tool_use_id: parent };
    default:
      return null;
  }
}

/** One line → its JSON object; 'blank' for an empty line, null for anything else. */
function parseLine(raw: string): Record<string, unknown> | 'blank' | null {
  // A file edited on Windows may carry a byte-order mark and CRLF line ends.
  let line = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (line.endsWith('\r')) line = line.slice(0, -1);
  if (line.trim() === '') return 'blank';
  try {
    const value: unknown = JSON.parse(line);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}
