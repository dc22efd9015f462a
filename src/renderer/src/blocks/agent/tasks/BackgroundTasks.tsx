import { useEffect, useRef, useState } from 'react';
import { Elapsed } from '../../../ui/Elapsed';
import { hasOutput, taskKind, type BackgroundTask } from '../model/background-tasks';
import './background-tasks.css';
import { errorMessage } from '../../../../../shared/error-message';

export interface TaskOutputView {
  output: string;
  truncated: boolean;
}

interface BackgroundTasksProps {
  tasks: readonly BackgroundTask[];
  onStop(taskId: string): Promise<unknown>;
  onOutput(taskId: string): Promise<TaskOutputView>;
}

const OUTPUT_POLL_MS = 1000;

function statusLabel(status: string): string {
  // The CLI says started, then progress; to the user both mean it runs.
  if (status === 'started' || status === 'running') return 'Running';
  return status.charAt(0).toUpperCase() + status.slice(1);
}

function TaskRow({
  task,
  onStop,
  onOutput,
}: { task: BackgroundTask } & Omit<BackgroundTasksProps, 'tasks'>) {
  const [shown, setShown] = useState(false);
  const [output, setOutput] = useState('');
  const [stopping, setStopping] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (error: unknown) => setFailure(errorMessage(error));

  // The block passes a new function each render; the polling below keeps going regardless.
  const fetchOutput = useRef(onOutput);
  fetchOutput.current = onOutput;

  // While shown, the tail is read again each second: the task is still writing it.
  useEffect(() => {
    if (!shown) return;
    let live = true;
    const read = () =>
      fetchOutput.current(task.task_id).then(({ output: text, truncated }) => {
        if (live) setOutput(text === '' ? '(no output yet)' : truncated ? `…${text}` : text);
      }, fail);
    setFailure(null);
    void read();
    const timer = setInterval(read, OUTPUT_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [shown, task.task_id]);
  const stop = () => {
    setFailure(null);
    setStopping(true);
    onStop(task.task_id).catch((error: unknown) => {
      setStopping(false);
      fail(error);
    });
  };

  return (
    <li className="agent-background-task" aria-label={task.description || task.task_id}>
      <span className="agent-background-kind">{taskKind(task.task_type)}</span>
      <span className="agent-background-description">{task.description || task.task_id}</span>
      <span className="agent-background-status">
        {stopping ? 'Stopping' : statusLabel(task.status)}
        {task.last_tool_name && ` · ${task.last_tool_name}`}
      </span>
      {task.started_at !== undefined && <Elapsed since={task.started_at} />}
      {hasOutput(task) && (
        <button type="button" aria-expanded={shown} onClick={() => setShown(!shown)}>
          {shown ? 'Hide output' : 'Show output'}
        </button>
      )}
      <button type="button" onClick={stop} disabled={stopping}>
        Stop
      </button>
      {shown && (
        <pre className="agent-background-output" aria-label="Output">
          {output}
        </pre>
      )}
      {failure && <span role="alert">{failure}</span>}
    </li>
  );
}

/**
 * What the session runs in the background (shells, agents), while anything does: each with its
 * kind, what it is, its state and time, the end of its output on request, and its own Stop (the
 * composer's Esc stops only the turn).
 */
export function BackgroundTasks({ tasks, onStop, onOutput }: BackgroundTasksProps) {
  if (tasks.length === 0) return null;
  return (
    <section className="agent-background" aria-label="Background tasks">
      <h3>Background tasks</h3>
      <ul>
        {tasks.map((task) => (
          <TaskRow key={task.task_id} task={task} onStop={onStop} onOutput={onOutput} />
        ))}
      </ul>
    </section>
  );
}
