import { stringField } from '../format';

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
  return '';
}
