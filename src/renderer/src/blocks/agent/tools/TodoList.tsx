import { isRecord } from '../../../../../shared/is-record';
import { formatJson, stringField } from '../format';

const marks: Record<string, string> = { completed: '☑', in_progress: '◐', pending: '☐' };

/** A TodoWrite list as a checklist: done, in progress, to do. */
export function TodoList({ todos }: { todos: unknown[] }) {
  return (
    <ul className="agent-todos" aria-label="Tasks">
      {todos.filter(isRecord).map((todo, index) => {
        const status = stringField(todo, 'status') ?? 'pending';
        return (
          <li key={index} className={`agent-todo ${status}`}>
            <span role="img" aria-label={status.replace('_', ' ')}>
              {marks[status] ?? '☐'}
            </span>{' '}
            {stringField(todo, 'content') ?? formatJson(todo)}
          </li>
        );
      })}
    </ul>
  );
}
