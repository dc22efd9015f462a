import type { AgentEvent } from '../../../../../shared/agent-event';

/** A task the session runs in the background: a shell command or an agent. */
export interface BackgroundTask {
  task_id: string;
  /** The CLI's kind of task: `local_bash`, `local_agent`, … (empty when it did not say). */
  task_type: string;
  description: string;
  status: string;
  /** When it started (ms since the epoch), when the host saw it start. */
  started_at?: number;
  /** The tool an agent used last. */
  last_tool_name?: string;
}

/** What a task's kind is called in the panel. */
export function taskKind(taskType: string): string {
  switch (taskType) {
    case 'local_bash':
      return 'Shell';
    case 'local_agent':
      return 'Agent';
    default:
      return taskType || 'Task';
  }
}

/** Whether the CLI can show the task's output: shells can, agents report through their card. */
export const hasOutput = (task: BackgroundTask): boolean => task.task_type !== 'local_agent';

/**
 * The tasks running in the background: `background_tasks` names them (the whole set each time, so
 * a task it leaves out has ended), `subagent` events tell each one's kind, state and start.
 */
export class BackgroundTaskList {
  private readonly known = new Map<string, BackgroundTask>();
  private listed: readonly string[] = [];
  private tasks: readonly BackgroundTask[] = [];

  get current(): readonly BackgroundTask[] {
    return this.tasks;
  }

  apply(events: readonly AgentEvent[]): void {
    let changed = false;
    for (const event of events) {
      if (event.type === 'background_tasks') {
        for (const ref of event.tasks) this.merge(ref.task_id, ref);
        this.listed = event.tasks.map((ref) => ref.task_id);
        changed = true;
      } else if (event.type === 'subagent') {
        const {
          type: _type,
          tool_use_id: _tool,
          summary: _summary,
          ended_at: _ended,
          ...news
        } = event;
        this.merge(event.task_id, news);
        changed ||= this.listed.includes(event.task_id);
      }
    }
    if (changed) this.tasks = this.listed.map((id) => this.known.get(id)!);
  }

  clear(): void {
    this.listed = [];
    this.tasks = [];
  }

  private merge(taskId: string, news: Partial<BackgroundTask>): void {
    const before = this.known.get(taskId) ?? {
      task_id: taskId,
      task_type: '',
      description: '',
      status: 'running',
    };
    const next = { ...before };
    for (const [key, value] of Object.entries(news)) {
      if (value !== undefined && value !== '') Object.assign(next, { [key]: value });
    }
    this.known.set(taskId, next);
  }
}
