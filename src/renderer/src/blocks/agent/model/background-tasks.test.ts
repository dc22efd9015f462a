import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { translateRecording } from '#test/translator/transcript';
import { BackgroundTaskList, hasOutput, taskKind } from './background-tasks';

/** The list after each event, as task ids with their status. */
function timeline(events: AgentEvent[]): string[][] {
  const list = new BackgroundTaskList();
  const seen: string[][] = [];
  for (const event of events) {
    const before = list.current;
    list.apply([event]);
    if (list.current !== before) seen.push(list.current.map((t) => `${t.task_id}:${t.status}`));
  }
  return seen;
}

describe('BackgroundTaskList', () => {
  it('lists a background shell from the recording until it is stopped', () => {
    const events = translateRecording('background-bash');
    const id = events.find((e) => e.type === 'subagent')!;
    const taskId = id.type === 'subagent' ? id.task_id : '';
    // Listed first (background_tasks_changed comes before task_started), then started, then the
    // stop: killed, stopped, and the empty set removes it.
    expect(timeline(events)).toEqual([
      [`${taskId}:running`],
      [`${taskId}:started`],
      [`${taskId}:killed`],
      [`${taskId}:stopped`],
      [],
    ]);
  });

  it('knows the kind, the description and the start of a task', () => {
    const list = new BackgroundTaskList();
    list.apply([
      { type: 'background_tasks', tasks: [{ task_id: 'b1', task_type: 'local_bash' }] },
      {
        type: 'subagent',
        task_id: 'b1',
        status: 'started',
        description: 'Build',
        started_at: 1000,
        tool_use_id: 'toolu_1',
      },
      { type: 'subagent', task_id: 'b1', status: 'running', last_tool_name: 'Bash' },
    ]);
    expect(list.current).toEqual([
      {
        task_id: 'b1',
        task_type: 'local_bash',
        description: 'Build',
        status: 'running',
        started_at: 1000,
        last_tool_name: 'Bash',
      },
    ]);
    expect(taskKind('local_bash')).toBe('Shell');
    expect(hasOutput(list.current[0]!)).toBe(true);
  });

  it('shows background agents (the subagent-background recording) and drops them when done', () => {
    const events = translateRecording('subagent-background');
    const list = new BackgroundTaskList();
    const listed: string[] = [];
    for (const event of events) {
      list.apply([event]);
      for (const task of list.current)
        listed.push(`${taskKind(task.task_type)}: ${task.description}`);
    }
    expect(listed).toContain('Agent: List the files');
    expect(list.current).toEqual([]);
  });

  it('keeps its list while nothing about the listed tasks changes, and forgets all on clear', () => {
    const list = new BackgroundTaskList();
    list.apply([{ type: 'background_tasks', tasks: [{ task_id: 'b1' }] }]);
    const before = list.current;
    list.apply([{ type: 'subagent', task_id: 'other', status: 'started' }]);
    expect(list.current).toBe(before);
    list.clear();
    expect(list.current).toEqual([]);
  });
});
