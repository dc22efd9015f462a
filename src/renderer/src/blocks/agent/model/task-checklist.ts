import type { AgentEvent } from '../../../../../shared/agent-event';
import { isRecord } from '../../../../../shared/is-record';
import { resultText } from './result-text';

export type TaskStatus = 'pending' | 'in_progress' | 'completed';

export interface ChecklistTask {
  id: string;
  subject: string;
  /** What the task is called while it runs ("Reading the code"). */
  activeForm?: string;
  status: TaskStatus;
}

const STATUSES: ReadonlySet<string> = new Set(['pending', 'in_progress', 'completed']);
const asStatus = (value: unknown): TaskStatus | undefined =>
  typeof value === 'string' && STATUSES.has(value) ? (value as TaskStatus) : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;

/**
 * The session's plan as a checklist, folded from the task tools' calls and results (the pinned
 * CLI's formats: "Task #1 created successfully: …", TaskList's "#1 [in_progress] …"). A call
 * counts once its result came back without error: a failed TaskUpdate changes nothing. An older
 * CLI's `TodoWrite` carries the whole list each time and replaces it.
 */
export class TaskChecklist {
  private tasks: ChecklistTask[] = [];
  private readonly calls = new Map<string, { name: string; input: Record<string, unknown> }>();

  get current(): readonly ChecklistTask[] {
    return this.tasks;
  }

  apply(events: readonly AgentEvent[]): boolean {
    const before = this.tasks;
    for (const event of events) {
      if (event.type === 'tool_use' && isTaskTool(event.name)) {
        this.calls.set(event.id, { name: event.name, input: event.input });
      } else if (event.type === 'tool_result') {
        const call = this.calls.get(event.tool_use_id);
        if (!call) continue;
        this.calls.delete(event.tool_use_id);
        if (!event.is_error) this.settle(call.name, call.input, resultText(event.content));
      }
    }
    return this.tasks !== before;
  }

  private settle(name: string, input: Record<string, unknown>, result: string): void {
    if (name === 'TaskCreate') {
      const id = /Task #(\S+) created/.exec(result)?.[1];
      const subject = text(input['subject']);
      if (!id || !subject) return;
      const activeForm = text(input['activeForm']);
      this.upsert({ id, subject, status: 'pending', ...(activeForm ? { activeForm } : {}) });
    } else if (name === 'TaskUpdate') {
      const id = text(input['taskId']);
      if (!id) return;
      if (input['status'] === 'deleted') {
        this.tasks = this.tasks.filter((task) => task.id !== id);
        return;
      }
      const known = this.tasks.find((task) => task.id === id);
      if (!known) return;
      const status = asStatus(input['status']);
      const subject = text(input['subject']);
      const activeForm = text(input['activeForm']);
      this.upsert({
        ...known,
        ...(status ? { status } : {}),
        ...(subject ? { subject } : {}),
        ...(activeForm ? { activeForm } : {}),
      });
    } else if (name === 'TaskList') {
      // A snapshot of its moment: it adds and updates, but a call finishing beside it may be newer.
      for (const line of result.split('\n')) {
        const match = /^#(\S+) \[(\w+)\] (.+)$/.exec(line.trim());
        const status = asStatus(match?.[2]);
        if (!match || !status) continue;
        const known = this.tasks.find((task) => task.id === match[1]);
        this.upsert({ ...known, id: match[1]!, subject: match[3]!, status });
      }
    } else if (name === 'TodoWrite') {
      this.tasks = todoTasks(input);
    }
  }

  private upsert(task: ChecklistTask): void {
    const at = this.tasks.findIndex((known) => known.id === task.id);
    this.tasks =
      at === -1 ? [...this.tasks, task] : this.tasks.map((known, i) => (i === at ? task : known));
  }
}

function isTaskTool(name: string): boolean {
  return (
    name === 'TaskCreate' || name === 'TaskUpdate' || name === 'TaskList' || name === 'TodoWrite'
  );
}

/** The list an older CLI's `TodoWrite` carries, whole, as checklist tasks numbered in order. */
export function todoTasks(input: Record<string, unknown>): ChecklistTask[] {
  const todos = Array.isArray(input['todos']) ? input['todos'] : [];
  return todos.flatMap((todo, index) => {
    if (!isRecord(todo)) return [];
    const subject = text(todo['content']);
    const activeForm = text(todo['activeForm']);
    return subject
      ? [
          {
            id: String(index + 1),
            subject,
            status: asStatus(todo['status']) ?? 'pending',
            ...(activeForm ? { activeForm } : {}),
          },
        ]
      : [];
  });
}
