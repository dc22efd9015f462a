import type { BlockActivity } from '../block-activity';
import type { ShellMark } from '../../../../shared/shell-marks';

/** A place in the terminal's buffer that follows its line as output scrolls (an xterm marker). */
export interface Anchor {
  /** -1 once the line has left the scrollback. */
  readonly line: number;
  /** The cursor's column when the anchor was placed. */
  readonly column: number;
  dispose(): void;
}

export interface CommandRecord<A extends Anchor = Anchor> {
  /** Where its prompt starts. */
  prompt: A;
  commandLine: string;
  /** Where its output starts (mark C) and where it stopped (mark D). */
  output?: A;
  end?: A;
  exitCode?: number;
}

export interface CommandLogEvents<A extends Anchor> {
  /** A place at the cursor, now. */
  anchor(): A;
  onFinished(record: CommandRecord<A>): void;
  onActivity(activity: BlockActivity & { kind: 'terminal' }): void;
  onDirectory(cwd: string): void;
  /** A prompt is shown: the shell waits for a command line. */
  onPrompt?(): void;
}

/**
 * The commands a terminal ran, built from its shell's marks: where each prompt and output is,
 * its command line and exit code; and what the terminal is doing.
 */
export class CommandLog<A extends Anchor = Anchor> {
  private readonly list: CommandRecord<A>[] = [];
  private pending: CommandRecord<A> | undefined;
  private running: CommandRecord<A> | undefined;
  /** Where "Go to previous/next command" stands: an index into `executed`. */
  private position: number | undefined;

  constructor(private readonly events: CommandLogEvents<A>) {}

  handle(mark: ShellMark): void {
    switch (mark.type) {
      case 'promptStart':
        // A prompt again without a command (an empty line, Ctrl+C): the new one replaces it.
        this.pending?.prompt.dispose();
        this.pending = { prompt: this.events.anchor(), commandLine: '' };
        this.events.onPrompt?.();
        break;
      case 'commandLine':
        if (this.pending) this.pending.commandLine = mark.commandLine;
        break;
      case 'commandExecuted':
        if (!this.pending) return;
        this.running = this.pending;
        this.pending = undefined;
        this.running.output = this.events.anchor();
        this.list.push(this.running);
        this.position = undefined;
        this.events.onActivity({
          kind: 'terminal',
          status: 'Running',
          command: this.running.commandLine,
        });
        break;
      case 'commandFinished': {
        const record = this.running;
        if (!record) return;
        this.running = undefined;
        record.end = this.events.anchor();
        record.exitCode = mark.exitCode;
        this.events.onFinished(record);
        const failed = mark.exitCode !== undefined && mark.exitCode !== 0;
        this.events.onActivity({ kind: 'terminal', status: failed ? 'Failed' : 'Idle' });
        break;
      }
      case 'cwd':
        this.events.onDirectory(mark.cwd);
        break;
      case 'commandStart':
        break;
    }
  }

  /** The commands run, oldest first, while their prompt is still in the scrollback. */
  get executed(): CommandRecord<A>[] {
    return this.list.filter((record) => record.prompt.line >= 0);
  }

  get lastFinished(): CommandRecord<A> | undefined {
    return this.executed.findLast((record) => record.end !== undefined);
  }

  /** The prompt line of the command before (-1) or after (1) the last one gone to. */
  step(direction: -1 | 1): number | undefined {
    const executed = this.executed;
    const from = this.position ?? executed.length;
    const to = Math.min(Math.max(from + direction, 0), executed.length);
    this.position = to;
    return executed[to]?.prompt.line;
  }
}
