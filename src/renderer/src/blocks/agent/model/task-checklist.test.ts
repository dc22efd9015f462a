import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { TaskChecklist } from './task-checklist';

const call = (id: string, name: string, input: Record<string, unknown>): AgentEvent => ({
  type: 'tool_use',
  id,
  name,
  input,
  parent_tool_use_id: null,
});
const result = (id: string, content: unknown, is_error = false): AgentEvent => ({
  type: 'tool_result',
  tool_use_id: id,
  content,
  is_error,
  parent_tool_use_id: null,
});

// The calls and results the pinned CLI gave for TaskCreate / TaskUpdate / TaskList, recorded.
const recorded: AgentEvent[] = [
  call('t1', 'TaskCreate', {
    subject: 'Read the code',
    description: 'Look at it',
    activeForm: 'Reading the code',
  }),
  call('t2', 'TaskCreate', { subject: 'Write tests', description: 'Tests' }),
  result('t1', 'Task #1 created successfully: Read the code'),
  result('t2', 'Task #2 created successfully: Write tests'),
  call('t3', 'TaskUpdate', { taskId: '1', status: 'in_progress' }),
  result('t3', 'Updated task #1 status'),
];

describe('TaskChecklist', () => {
  it('builds the checklist from the task tools, each call once its result came back', () => {
    const list = new TaskChecklist();
    list.apply(recorded.slice(0, 2));
    expect(list.current).toEqual([]);
    list.apply(recorded.slice(2));
    expect(list.current).toEqual([
      { id: '1', subject: 'Read the code', activeForm: 'Reading the code', status: 'in_progress' },
      { id: '2', subject: 'Write tests', status: 'pending' },
    ]);
  });

  it('ignores a failed update and drops a deleted task', () => {
    const list = new TaskChecklist();
    list.apply(recorded);
    list.apply([
      call('t4', 'TaskUpdate', { taskId: '2', status: 'completed' }),
      result('t4', 'No such task', true),
    ]);
    expect(list.current.find((task) => task.id === '2')?.status).toBe('pending');
    list.apply([
      call('t5', 'TaskUpdate', { taskId: '1', status: 'deleted' }),
      result('t5', 'Updated task #1 deleted'),
    ]);
    expect(list.current.map((task) => task.id)).toEqual(['2']);
  });

  it('takes what TaskList reports, including tasks it had not seen made', () => {
    const list = new TaskChecklist();
    list.apply([
      call('l1', 'TaskList', {}),
      result('l1', '#1 [completed] Read the code\n#3 [pending] Ship it'),
    ]);
    expect(list.current).toEqual([
      { id: '1', subject: 'Read the code', status: 'completed' },
      { id: '3', subject: 'Ship it', status: 'pending' },
    ]);
  });

  it('replaces the list with each TodoWrite of an older CLI', () => {
    const list = new TaskChecklist();
    list.apply([
      call('w1', 'TodoWrite', {
        todos: [
          { content: 'A', status: 'completed', activeForm: 'Doing A' },
          { content: 'B', status: 'in_progress' },
        ],
      }),
      result('w1', [{ type: 'text', text: 'Todos have been modified successfully' }]),
    ]);
    expect(list.current.map((task) => [task.subject, task.status])).toEqual([
      ['A', 'completed'],
      ['B', 'in_progress'],
    ]);
    list.apply([call('w2', 'TodoWrite', { todos: [{ content: 'C' }] }), result('w2', 'ok')]);
    expect(list.current.map((task) => task.subject)).toEqual(['C']);
  });

  it('says whether anything changed', () => {
    const list = new TaskChecklist();
    expect(list.apply([call('x', 'Bash', { command: 'ls' }), result('x', 'a')])).toBe(false);
    expect(list.apply(recorded)).toBe(true);
  });
});
