import { str } from '../../shared/json-fields';

/** The end of a background task's output, as the CLI answers `get_task_output`. */
export interface TaskOutput {
  /** The last bytes the command wrote, decoded as UTF-8 (escape sequences included). */
  output: string;
  /** Whether `output` holds only the end of what it wrote. */
  truncated: boolean;
}

export function taskOutputOf(response: Record<string, unknown>): TaskOutput {
  return { output: str(response['output']) ?? '', truncated: response['truncated'] === true };
}
