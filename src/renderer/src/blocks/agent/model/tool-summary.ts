import { stringField } from './format';

const summaryField: Record<string, string> = {
  Bash: 'command',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  Write: 'file_path',
  Read: 'file_path',
  NotebookEdit: 'notebook_path',
  Grep: 'pattern',
  Glob: 'pattern',
  WebFetch: 'url',
  WebSearch: 'query',
  ToolSearch: 'query',
  Task: 'description',
  Agent: 'description',
};

/** One line that says what a tool call is about: its command, file, pattern, URL or task. */
export function toolSummary(name: string, input: Record<string, unknown>): string {
  const field = summaryField[name];
  const value = field === undefined ? undefined : stringField(input, field);
  if (value !== undefined) return value.split('\n')[0]!;
  if (name === 'TodoWrite' && Array.isArray(input['todos']))
    return `${input['todos'].length} tasks`;
  return taskSummary(name, input);
}

const TASK_STATES: Record<string, string> = {
  pending: 'to do',
  in_progress: 'in progress',
  completed: 'done',
  deleted: 'deleted',
};

/** A task tool's call in the words of the checklist it changes. */
function taskSummary(name: string, input: Record<string, unknown>): string {
  const subject = stringField(input, 'subject');
  if (name === 'TaskCreate') return subject ?? '';
  const id = stringField(input, 'taskId');
  if (name === 'TaskUpdate' && id !== undefined) {
    const status = stringField(input, 'status');
    const change = (status && TASK_STATES[status]) ?? subject ?? 'changed';
    return `#${id} → ${change}`;
  }
  if (name === 'TaskGet' && id !== undefined) return `#${id}`;
  return '';
}
