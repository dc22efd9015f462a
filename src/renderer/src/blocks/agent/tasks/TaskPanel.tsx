import type { ChecklistTask } from '../model/task-checklist';
import { Checklist } from '../tools/Checklist';

/**
 * The session's plan, pinned above the composer while any of it is still open (collapsible): each
 * task with its state, the one under way by what it is doing now.
 */
export function TaskPanel({ tasks }: { tasks: readonly ChecklistTask[] }) {
  if (!tasks.some((task) => task.status !== 'completed')) return null;
  const done = tasks.filter((task) => task.status === 'completed').length;
  return (
    <details className="agent-tasks" open>
      <summary>
        Tasks: {done} of {tasks.length} done
      </summary>
      <Checklist tasks={tasks} label="Task checklist" active />
    </details>
  );
}
