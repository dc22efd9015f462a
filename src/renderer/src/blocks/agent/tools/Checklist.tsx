import type { ChecklistTask } from '../model/task-checklist';

const marks = { completed: '☑', in_progress: '◐', pending: '☐' } as const;

interface ChecklistProps {
  tasks: readonly ChecklistTask[];
  label: string;
  /** Name the task under way by what it is doing ("Reading the code"), as it runs. */
  active?: boolean;
}

/** Tasks as a checklist: done, in progress, to do. */
export function Checklist({ tasks, label, active = false }: ChecklistProps) {
  return (
    <ul className="agent-todos" aria-label={label}>
      {tasks.map((task) => (
        <li key={task.id} className={`agent-todo ${task.status}`}>
          <span role="img" aria-label={task.status.replace('_', ' ')}>
            {marks[task.status]}
          </span>{' '}
          {active && task.status === 'in_progress' && task.activeForm
            ? task.activeForm
            : task.subject}
        </li>
      ))}
    </ul>
  );
}
