import { str } from '../../../shared/json-fields';
import type { TitleSource } from './entry-types';
import { clientName } from '../../../shared/library';

/** What a session list shows of one session file, as far as its entries tell. */
export interface SessionMeta {
  sessionId: string | null;
  /** The user's title (/rename), else the CLI's generated one, else a summary, else the first prompt. */
  title: string | null;
  titleSource: TitleSource | null;
  firstPrompt: string | null;
  /** ISO timestamps of the oldest and newest entry. */
  firstTimestamp: string | null;
  lastTimestamp: string | null;
  /** Prompts the user typed plus replies (one per API message) on the conversation's chain. */
  messageCount: number;
  /** The model of the newest reply. */
  model: string | null;
  /** As the newest entry records it (the CLI writes `HEAD` outside a branch). */
  gitBranch: string | null;
  /** The folder the session started in. */
  cwd: string | null;
  /** The CLI version that wrote the newest entry. */
  version: string | null;
  /** Which client ran the CLI, as the CLI records it (`cli`, `sdk-cli`, `claude-vscode`, …). */
  entrypoint: string | null;
  /** Readable name of that client, when it is one the CLI is known to record. */
  client: string | null;
}

/** Collects the session-wide facts entry by entry; the chain-dependent ones come at the end. */
export class SessionMetaCollector {
  private sessionId: string | null = null;
  private cwd: string | null = null;
  private gitBranch: string | null = null;
  private version: string | null = null;
  private entrypoint: string | null = null;
  private first: { at: number; text: string } | null = null;
  private last: { at: number; text: string } | null = null;
  private readonly titles = new Map<TitleSource, string>();

  /** Facts any entry of the session (not a subagent's) may carry. */
  noteEntry(entry: Record<string, unknown>): void {
    this.sessionId ??= str(entry['sessionId']);
    this.cwd ??= str(entry['cwd']);
    this.gitBranch = str(entry['gitBranch']) ?? this.gitBranch;
    this.version = str(entry['version']) ?? this.version;
    this.entrypoint = str(entry['entrypoint']) ?? this.entrypoint;
    const text = str(entry['timestamp']);
    const at = text === null ? NaN : Date.parse(text);
    if (Number.isNaN(at)) return;
    if (this.first === null || at < this.first.at) this.first = { at, text: text! };
    if (this.last === null || at >= this.last.at) this.last = { at, text: text! };
  }

  noteTitle(source: TitleSource, title: string): void {
    if (title.trim()) this.titles.set(source, title);
  }

  result(chain: {
    firstPrompt: string | null;
    messageCount: number;
    model: string | null;
  }): SessionMeta {
    const [titleSource, title] = this.title(chain.firstPrompt);
    return {
      sessionId: this.sessionId,
      title,
      titleSource,
      firstPrompt: chain.firstPrompt,
      firstTimestamp: this.first?.text ?? null,
      lastTimestamp: this.last?.text ?? null,
      messageCount: chain.messageCount,
      model: chain.model,
      gitBranch: this.gitBranch,
      cwd: this.cwd,
      version: this.version,
      entrypoint: this.entrypoint,
      client: this.entrypoint === null ? null : clientName(this.entrypoint),
    };
  }

  private title(firstPrompt: string | null): [TitleSource | null, string | null] {
    for (const source of ['custom', 'ai', 'summary'] as const) {
      const title = this.titles.get(source);
      if (title !== undefined) return [source, title];
    }
    return firstPrompt === null ? [null, null] : ['prompt', firstPrompt];
  }
}
