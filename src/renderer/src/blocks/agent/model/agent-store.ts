import type { MessagePriority, SessionLifecycle } from '../../../../../shared/agent-control';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { agentStatus, type AgentStatus } from './agent-status';
import { RetryStatus } from './api-retry';
import { BackgroundTaskList, type BackgroundTask } from './background-tasks';
import { CostTracker, type CostTotals } from './cost-tracker';
import { PendingPrompts, type PendingPrompt } from './pending-prompts';
import { PermissionQueue, type PendingRequest } from './permission-queue';
import { SessionSummary, type SessionInfo } from './session-summary';
import { TaskChecklist, type ChecklistTask } from './task-checklist';
import { TranscriptModel, type TranscriptItem } from './transcript-model';

export interface AgentSnapshot {
  items: readonly TranscriptItem[];
  info: SessionInfo;
  costs: CostTotals;
  status: AgentStatus;
  /** The tools of this turn still running, by name. */
  runningTools: readonly string[];
  lifecycle: SessionLifecycle;
  pending: readonly PendingRequest[];
  /** Prompts on their way to the CLI. */
  sending: readonly PendingPrompt[];
  /** Prompts the session ended before it ran, oldest first: they go back into the composer. */
  unsent: readonly string[];
  /** Output lines the translator did not handle, counted by the host. */
  unhandled: number;
  /** The latest of those lines seen live, each cut short, oldest first. */
  unhandledLines: readonly string[];
  /** The directory the session runs in, once the host said so. */
  cwd: string | null;
  /** The session's plan, from the task tools. */
  tasks: readonly ChecklistTask[];
  /** What runs in the background now (shells, agents). */
  backgroundTasks: readonly BackgroundTask[];
  /** While the CLI waits to call the API again: which attempt and why. */
  retrying: string | null;
  /** The MCP servers that failed to connect, as the session last said. */
  mcpFailed: readonly string[];
}

const UNHANDLED_LINES_KEPT = 20;
const UNHANDLED_LINE_CHARS = 500;

type ScheduleFrame = (callback: () => void) => void;

const nextAnimationFrame: ScheduleFrame = (callback) => requestAnimationFrame(callback);

/**
 * Everything an agent block shows, folded from the host's messages. Any number of updates within
 * one animation frame produce one new snapshot, so a flood of deltas costs one render per frame.
 */
export class AgentStore {
  private costs = new CostTracker();
  private transcript = new TranscriptModel(this.costs);
  private summary = new SessionSummary();
  private permissions = new PermissionQueue();
  private prompts = new PendingPrompts();
  private unsent: readonly string[] = [];
  private tasks = new TaskChecklist();
  private background = new BackgroundTaskList();
  private retry = new RetryStatus();
  private lifecycle: SessionLifecycle = { state: 'starting' };
  private unhandled = 0;
  private unhandledLines: readonly string[] = [];
  private cwd: string | null = null;
  private mcpFailed: readonly string[] = [];
  private snapshot: AgentSnapshot;
  private scheduled = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly scheduleFrame: ScheduleFrame = nextAnimationFrame) {
    this.snapshot = this.build();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AgentSnapshot => this.snapshot;

  /** Starts over, for a session opened again (its history comes back whole). */
  reset(): void {
    this.costs = new CostTracker();
    this.transcript = new TranscriptModel(this.costs);
    this.summary = new SessionSummary();
    this.permissions = new PermissionQueue();
    this.prompts = new PendingPrompts();
    this.tasks = new TaskChecklist();
    this.background = new BackgroundTaskList();
    this.retry = new RetryStatus();
    this.lifecycle = { state: 'starting' };
    this.mcpFailed = [];
    this.unhandled = 0;
    this.unhandledLines = [];
    this.changed();
  }

  /** Events logged by an earlier process: whatever turn or prompt they left open is over. */
  loadHistory(events: readonly AgentEvent[], cwd: string): void {
    this.cwd = cwd;
    this.push(events);
    this.summary.endTurn();
    this.permissions.clear();
  }

  push(events: readonly AgentEvent[]): void {
    for (const event of events) {
      if (event.type === 'context_usage') this.costs.contextUsage(event.tokens, event.window);
      if (event.type === 'mcp_failed') this.mcpFailed = event.servers;
    }
    this.transcript.apply(events);
    this.summary.apply(events);
    this.permissions.apply(events);
    this.prompts.apply(events);
    this.tasks.apply(events);
    this.background.apply(events);
    this.retry.apply(events);
    this.changed();
  }

  sent(text: string, uuid: string, priority?: MessagePriority, images = 0): void {
    this.prompts.sent(text, uuid, priority, images);
    this.summary.dismissSuggestion();
    this.changed();
  }

  /** The host refused the message: it is not on its way after all. */
  notSent(uuid: string): void {
    this.prompts.drop(uuid);
    this.changed();
  }

  /** The composer took back the prompts the session ended before running. */
  tookUnsent(): void {
    this.unsent = [];
    this.changed();
  }

  /** The user passed over Claude Code's suggested next prompt. */
  dismissSuggestion(): void {
    this.summary.dismissSuggestion();
    this.changed();
  }

  setLifecycle(lifecycle: SessionLifecycle): void {
    this.lifecycle = lifecycle;
    // A CLI that does not answer is still in its turn: it may carry on once it does.
    if (lifecycle.state !== 'busy' && lifecycle.state !== 'unresponsive') this.summary.endTurn();
    if (lifecycle.state === 'exited') {
      // The CLI's background tasks end with it.
      this.background.clear();
      this.permissions.clear();
      const unsent = this.prompts.takeUnsent().map((prompt) => prompt.text);
      if (unsent.length > 0) this.unsent = [...this.unsent, ...unsent];
      this.prompts.clear();
    }
    this.changed();
  }

  setUnhandled(count: number, line?: string): void {
    this.unhandled = Math.max(this.unhandled, count);
    if (line !== undefined) {
      const short =
        line.length > UNHANDLED_LINE_CHARS ? `${line.slice(0, UNHANDLED_LINE_CHARS)}…` : line;
      this.unhandledLines = [...this.unhandledLines, short].slice(-UNHANDLED_LINES_KEPT);
    }
    this.changed();
  }

  answered(requestId: string): void {
    this.permissions.answered(requestId);
    this.changed();
  }

  private changed(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.scheduleFrame(() => {
      this.scheduled = false;
      this.snapshot = this.build();
      for (const listener of this.listeners) listener();
    });
  }

  private build(): AgentSnapshot {
    const pending = this.permissions.pending;
    return {
      items: this.transcript.items,
      info: this.summary.info,
      costs: this.costs.current,
      status: agentStatus(this.lifecycle, this.summary.activity, pending.length),
      runningTools: this.summary.activity.runningTools,
      lifecycle: this.lifecycle,
      pending,
      sending: this.prompts.pending,
      unsent: this.unsent,
      unhandled: this.unhandled,
      unhandledLines: this.unhandledLines,
      cwd: this.cwd,
      tasks: this.tasks.current,
      backgroundTasks: this.background.current,
      retrying: this.retry.current,
      mcpFailed: this.mcpFailed,
    };
  }
}
