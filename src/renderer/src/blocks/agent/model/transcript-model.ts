import type { AgentEvent } from '../../../../../shared/agent-event';
import { pushCoalesced, sameAuthor, type TextEvent } from '../../../../../shared/coalesce-events';
import type { CostTracker, TurnCost } from './cost-tracker';
import { changesByFile, editHunks, lastTurn, type FileChanges } from './file-changes';

export interface ToolResult {
  content: unknown;
  is_error: boolean;
  /** The user denied the call: its "error" is their reason, not a failure. */
  denied?: boolean;
}

export interface SubagentState {
  task_id: string;
  status: string;
  description?: string;
  summary?: string;
}

export interface ToolItem {
  kind: 'tool';
  key: string;
  id: string;
  name: string;
  input: Record<string, unknown>;
  result?: ToolResult;
  /** Events of the subagent this tool started (`parent_tool_use_id` = this id). */
  children: TranscriptItem[];
  subagent?: SubagentState;
}

export type TranscriptItem =
  /** `uuid`: the prompt's id in the session, which "Rewind code to here" and "Fork from here" name. */
  | { kind: 'user'; key: string; text: string; uuid?: string; images?: number }
  /** `aborted`: an interrupt cut the reply off here. `message_id`: the API message it is of. */
  | { kind: 'assistant'; key: string; text: string; aborted?: true; message_id?: string }
  | { kind: 'thinking'; key: string; text: string; message_id?: string }
  | ToolItem
  /** `resets_at`: when the rate limit the CLI last warned of resets, if it said. */
  | { kind: 'error'; key: string; message: string; subtype: string; resets_at?: number }
  | {
      kind: 'compaction';
      key: string;
      trigger: string;
      pre_tokens: number;
      post_tokens?: number;
      duration_ms?: number;
    }
  | ({ kind: 'turn_cost'; key: string } & TurnCost)
  /** What the turn's edit tools changed, file by file (before its cost, when it changed any). */
  | { kind: 'changes'; key: string; files: FileChanges[] }
  | {
      kind: 'rate_limit';
      key: string;
      status: string;
      resets_at?: number;
      rate_limit_type?: string;
      utilization?: number;
    }
  | { kind: 'note'; key: string; text: string }
  /** What a local command (/cost, /context, …) printed, laid out as it printed it. */
  | { kind: 'output'; key: string; text: string }
  /** A line across the transcript: where the conversation was cleared. */
  | { kind: 'divider'; key: string; text: string };

type Path = readonly number[];
type TextItem = Extract<TranscriptItem, { kind: 'assistant' | 'thinking' }>;

// Paths only ever lead through tools (their children) to tools or text runs: these say so to the
// compiler, and fail loudly should a path ever lead elsewhere.
function asTool(item: TranscriptItem): ToolItem {
  if (item.kind !== 'tool') throw new Error(`transcript: a path led to a ${item.kind} item`);
  return item;
}

function asText(item: TranscriptItem): TextItem {
  if (item.kind !== 'assistant' && item.kind !== 'thinking') {
    throw new Error(`transcript: a text path led to a ${item.kind} item`);
  }
  return item;
}

/** What the user sent, oldest first: the prompts Up recalls. */
export function userPrompts(items: readonly TranscriptItem[]): string[] {
  const prompts: string[] = [];
  for (const item of items) if (item.kind === 'user') prompts.push(item.text);
  return prompts;
}

/**
 * Folds AgentEvents into transcript items: text runs joined, tool results attached to their
 * tool_use, a subagent's events nested under the tool that started it.
 *
 * Items are immutable from the outside: `items` changes identity whenever anything in it changed,
 * and so does every item on the way to a change, so a view can skip unchanged rows by identity.
 * Within one `apply` batch each list or item is copied at most once, which keeps a batch of n
 * events O(n + items) however long the transcript is.
 */
/** A subagent's states short of an end; any other one (completed, failed, stopped…) ends it. */
const STILL_RUNNING: ReadonlySet<string> = new Set(['started', 'running', 'pending']);

/** What the main conversation's reply begins with. */
const startsReply = (event: AgentEvent) =>
  (event.type === 'assistant_text' || event.type === 'thinking' || event.type === 'tool_use') &&
  event.parent_tool_use_id === null;

export class TranscriptModel {
  private root: TranscriptItem[] = [];
  private fresh = new WeakSet<object>();
  private readonly toolPaths = new Map<string, Path>();
  private readonly taskTools = new Map<string, string>();
  /** The tool call each permission request asked about, and the calls the user denied. */
  private readonly requestTools = new Map<string, string>();
  private readonly deniedTools = new Set<string>();
  private previous: AgentEvent | undefined;
  private lastTextPath: Path | null = null;
  /**
   * The event that began the last text item (its kind, parent and message) while that item is
   * still the newest; null once anything else is appended. Events that add no item (a status, a
   * prompt's state) may come between two deltas of one reply, and must not split it in two.
   */
  private openText: TextEvent | null = null;
  /** The last turn has ended and no prompt of the user's has come since. */
  private betweenTurns = false;
  /** The last background task or subagent that ended since the user's last prompt. */
  private finishedTask: (AgentEvent & { type: 'subagent' }) | null = null;
  /** When the limit the CLI last warned of resets: a later error's advice names it. */
  private limitResetsAt: number | undefined;
  private nextKey = 0;

  constructor(private readonly costs: CostTracker) {}

  get items(): readonly TranscriptItem[] {
    return this.root;
  }

  apply(events: readonly AgentEvent[]): void {
    this.fresh = new WeakSet();
    for (const event of events) this.applyOne(event);
  }

  private applyOne(event: AgentEvent): void {
    // The same joining rule as the host's batcher, so live and replayed transcripts read the same.
    const window = this.previous ? [this.previous] : [];
    pushCoalesced(window, event);
    const joinsPrevious = this.previous !== undefined && window.length === 1;
    this.previous = window.at(-1);
    if (this.betweenTurns && this.finishedTask && startsReply(event)) this.markUnprompted();

    switch (event.type) {
      case 'assistant_text':
      case 'thinking': {
        const joinsOpen =
          event.message_id !== undefined &&
          this.openText !== null &&
          sameAuthor(this.openText, event);
        if ((joinsPrevious || joinsOpen) && this.lastTextPath) {
          asText(this.ownItem(this.lastTextPath)).text += event.text;
        } else {
          const kind = event.type === 'thinking' ? 'thinking' : 'assistant';
          this.lastTextPath = this.append(event.parent_tool_use_id, {
            kind,
            key: this.key(kind),
            text: event.text,
            ...(event.message_id ? { message_id: event.message_id } : {}),
          });
          this.openText = event;
        }
        return;
      }
      case 'messages_retracted':
        return this.retract(new Set(event.message_ids), new Set(event.tool_use_ids));
      case 'message_aborted': {
        // Only a reply is marked: the last text may be thinking, which stays as it is (uncopied).
        const path = this.lastTextPath;
        if (!path || this.itemAt(path).kind !== 'assistant') return;
        const reply = asText(this.ownItem(path));
        if (reply.kind === 'assistant') reply.aborted = true;
        return;
      }
      case 'user_message':
        return this.userMessage(event);
      case 'tool_use':
        return this.toolUse(event);
      case 'tool_result':
        return this.toolResult(event);
      case 'permission_request':
        if (event.tool_use_id) this.requestTools.set(event.request_id, event.tool_use_id);
        return;
      case 'permission_answered': {
        const toolId = this.requestTools.get(event.request_id);
        if (toolId && event.behavior === 'deny') this.deniedTools.add(toolId);
        return;
      }
      case 'subagent':
        return this.subagent(event);
      case 'error':
        this.append(null, {
          kind: 'error',
          key: this.key('error'),
          message: event.message,
          subtype: event.subtype,
          ...(this.limitResetsAt !== undefined && { resets_at: this.limitResetsAt }),
        });
        return;
      case 'compaction_boundary': {
        const { type: _type, ...counts } = event;
        this.costs.compacted(event.post_tokens);
        this.append(null, { kind: 'compaction', key: this.key('compaction'), ...counts });
        return;
      }
      case 'cost': {
        const turn = this.costs.add(event);
        // A local command (/clear, /cost) is no model turn: a row saying it cost nothing is noise.
        if (event.num_turns === 0 && turn.cost_usd === 0) return;
        const files = changesByFile(editHunks(lastTurn(this.root)));
        if (files.length) this.append(null, { kind: 'changes', key: this.key('changes'), files });
        this.append(null, { kind: 'turn_cost', key: this.key('cost'), ...turn });
        this.betweenTurns = true;
        return;
      }
      case 'rate_limit': {
        // The CLI reports its limits now and then while all is well; only a warning is news.
        if (event.status === 'allowed') return;
        this.limitResetsAt = event.resets_at;
        const { type: _type, ...limit } = event;
        this.append(null, { kind: 'rate_limit', key: this.key('rate'), ...limit });
        return;
      }
      case 'command_output':
        if (event.text.trim())
          this.append(null, { kind: 'output', key: this.key('output'), text: event.text });
        return;
      case 'conversation_reset':
        // A new conversation: what it costs and holds counts from zero.
        this.costs.cleared();
        this.append(null, {
          kind: 'divider',
          key: this.key('divider'),
          text: 'Conversation cleared',
        });
        return;
      case 'model_fallback':
      case 'cli_notice':
      case 'notice':
        this.append(null, { kind: 'note', key: this.key('note'), text: event.text });
        return;
      default:
        // Everything else (status, session_started, permissions, types added later) shows
        // elsewhere or not at all.
        return;
    }
  }

  /**
   * A turn the user did not start: the CLI began it to tell Claude that a background task or
   * subagent had ended. Without a word, its reply would read as an answer to the last prompt.
   */
  private markUnprompted(): void {
    const task = this.finishedTask!;
    const what = /agent/i.test(task.task_type ?? '') ? 'subagent' : 'background task';
    const name = task.description ?? task.summary;
    this.append(null, {
      kind: 'note',
      key: this.key('note'),
      text: `Started by a finished ${what}${name ? `: ${name}` : ''}`,
    });
    this.betweenTurns = false;
    this.finishedTask = null;
  }

  private userMessage(event: AgentEvent & { type: 'user_message' }): void {
    this.betweenTurns = false;
    this.finishedTask = null;
    // Prompts queued behind a turn run as one: the CLI echoes the first alone, then all of them
    // joined by newlines as the one message it sends and keeps. The joined one replaces the first.
    const last = this.root.at(-1);
    const joins = last?.kind === 'user' && event.text.startsWith(`${last.text}\n`);
    const item: TranscriptItem = {
      kind: 'user',
      key: joins ? last.key : this.key('user'),
      text: event.text,
      ...(event.uuid ? { uuid: event.uuid } : {}),
      ...(event.images ? { images: event.images } : {}),
    };
    if (!joins) {
      this.append(null, item);
      return;
    }
    this.ownRoot()[this.root.length - 1] = item;
    this.fresh.add(item);
  }

  private toolUse(event: AgentEvent & { type: 'tool_use' }): void {
    const known = this.toolPaths.get(event.id);
    // The same call again before its result only completes its input. Once it has a result, the
    // id is being reused (a log spanning sessions of a test API that numbers its ids): a new card.
    if (known && !asTool(this.itemAt(known)).result) {
      asTool(this.ownItem(known)).input = event.input;
      return;
    }
    const path = this.append(event.parent_tool_use_id, {
      kind: 'tool',
      key: this.key(`tool:${event.id}`),
      id: event.id,
      name: event.name,
      input: event.input,
      children: [],
    });
    this.toolPaths.set(event.id, path);
  }

  private toolResult(event: AgentEvent & { type: 'tool_result' }): void {
    const denied = event.is_error && this.deniedTools.has(event.tool_use_id);
    const result = {
      content: event.content,
      is_error: event.is_error,
      ...(denied ? { denied } : {}),
    };
    const path = this.toolPaths.get(event.tool_use_id);
    if (path) {
      asTool(this.ownItem(path)).result = result;
      return;
    }
    // A result whose call we never saw (a log cut short): still shown, under no name.
    const orphan = this.append(event.parent_tool_use_id, {
      kind: 'tool',
      key: this.key(`tool:${event.tool_use_id}`),
      id: event.tool_use_id,
      name: '',
      input: {},
      result,
      children: [],
    });
    this.toolPaths.set(event.tool_use_id, orphan);
  }

  private subagent(event: AgentEvent & { type: 'subagent' }): void {
    if (!STILL_RUNNING.has(event.status)) this.finishedTask = event;
    if (event.tool_use_id) this.taskTools.set(event.task_id, event.tool_use_id);
    const toolId = event.tool_use_id ?? this.taskTools.get(event.task_id);
    const path = toolId === undefined ? undefined : this.toolPaths.get(toolId);
    if (!path) {
      const what = event.description ?? event.summary ?? event.task_id;
      this.append(null, {
        kind: 'note',
        key: this.key('note'),
        text: `Task ${what}: ${event.status}`,
      });
      return;
    }
    const tool = asTool(this.ownItem(path));
    const state: SubagentState = { ...tool.subagent, task_id: event.task_id, status: event.status };
    if (event.description !== undefined) state.description = event.description;
    if (event.summary !== undefined) state.summary = event.summary;
    tool.subagent = state;
  }

  /**
   * Removes what the CLI retracted: the texts of those messages and those tool calls, wherever
   * they are. Indices shift, so the paths kept into the tree are found again.
   */
  private retract(messages: ReadonlySet<string>, tools: ReadonlySet<string>): void {
    const gone = (item: TranscriptItem) =>
      item.kind === 'tool'
        ? tools.has(item.id)
        : (item.kind === 'assistant' || item.kind === 'thinking') &&
          item.message_id !== undefined &&
          messages.has(item.message_id);
    const prune = (list: readonly TranscriptItem[]): TranscriptItem[] | null => {
      let changed = false;
      const kept: TranscriptItem[] = [];
      for (const item of list) {
        if (gone(item)) {
          changed = true;
          continue;
        }
        const children = item.kind === 'tool' ? prune(item.children) : null;
        if (children && item.kind === 'tool') {
          changed = true;
          kept.push({ ...item, children });
        } else {
          kept.push(item);
        }
      }
      return changed ? kept : null;
    };
    const root = prune(this.root);
    if (!root) return;
    this.root = root;
    this.toolPaths.clear();
    const index = (list: readonly TranscriptItem[], above: Path) =>
      list.forEach((item, at) => {
        if (item.kind !== 'tool') return;
        this.toolPaths.set(item.id, [...above, at]);
        index(item.children, [...above, at]);
      });
    index(root, []);
    // Nothing joins onto a text that may be gone.
    this.lastTextPath = null;
    this.openText = null;
    this.previous = undefined;
  }

  private key(prefix: string): string {
    return `${prefix}:${this.nextKey++}`;
  }

  /** Appends under the tool `parentId` (top level when unknown) and returns the new item's path. */
  private append(parentId: string | null, item: TranscriptItem): Path {
    const parentPath = parentId === null ? undefined : this.toolPaths.get(parentId);
    const list = parentPath ? this.ownChildren(parentPath) : this.ownRoot();
    list.push(item);
    this.openText = null;
    this.fresh.add(item);
    return [...(parentPath ?? []), list.length - 1];
  }

  private ownRoot(): TranscriptItem[] {
    if (!this.fresh.has(this.root)) {
      this.root = this.root.slice();
      this.fresh.add(this.root);
    }
    return this.root;
  }

  private ownChildren(path: Path): TranscriptItem[] {
    return this.childrenOf(asTool(this.ownItem(path)));
  }

  private childrenOf(tool: ToolItem): TranscriptItem[] {
    if (!this.fresh.has(tool.children)) {
      tool.children = tool.children.slice();
      this.fresh.add(tool.children);
    }
    return tool.children;
  }

  private itemAt(path: Path): TranscriptItem {
    let list: readonly TranscriptItem[] = this.root;
    for (let depth = 0; ; depth++) {
      const item = list[path[depth]!]!;
      if (depth === path.length - 1) return item;
      list = asTool(item).children;
    }
  }

  /** The item at `path`, copied (with every list and item above it) unless this batch already did. */
  private ownItem(path: Path): TranscriptItem {
    let list = this.ownRoot();
    for (let depth = 0; ; depth++) {
      const index = path[depth]!;
      let item = list[index]!;
      if (!this.fresh.has(item)) {
        item = { ...item };
        this.fresh.add(item);
        list[index] = item;
      }
      if (depth === path.length - 1) return item;
      list = this.childrenOf(asTool(item));
    }
  }
}
