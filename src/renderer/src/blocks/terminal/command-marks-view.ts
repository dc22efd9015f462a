import type { IDecoration, IMarker, Terminal } from '@xterm/xterm';
import { CommandLog, type Anchor, type CommandLogEvents, type CommandRecord } from './command-log';
import {
  parseShellMark,
  parseWorkingDirectory,
  type ShellMark,
} from '../../../../shared/shell-marks';

export interface MarkerAnchor extends Anchor {
  readonly marker: IMarker | undefined;
}

const SUCCEEDED = '#6fbf73';
const FAILED = '#e06c75';

/**
 * Reads the shell's marks out of xterm's output and keeps its commands: a mark in the gutter of
 * each finished one (success or failure, with a text alternative), and what the terminal is doing.
 */
export function watchShellMarks(
  term: Terminal,
  events: Pick<CommandLogEvents<MarkerAnchor>, 'onActivity' | 'onDirectory' | 'onPrompt'>,
): { log: CommandLog<MarkerAnchor>; dispose(): void } {
  const log = new CommandLog<MarkerAnchor>({
    ...events,
    anchor: () => {
      // None in the alternate screen (a full-screen program printed the mark): nothing to follow.
      const marker = term.registerMarker(0);
      return {
        marker,
        column: term.buffer.active.cursorX,
        get line() {
          return marker && !marker.isDisposed ? marker.line : -1;
        },
        dispose: () => marker?.dispose(),
      };
    },
    onFinished: (record) => decorate(term, record),
  });
  const handle = (mark: ShellMark | null) => {
    if (mark) log.handle(mark);
    return mark !== null;
  };
  const handlers = [
    term.parser.registerOscHandler(633, (body) => handle(parseShellMark(body))),
    term.parser.registerOscHandler(133, (body) => handle(parseShellMark(body))),
    term.parser.registerOscHandler(7, (body) => handle(parseWorkingDirectory(body))),
  ];
  return { log, dispose: () => handlers.forEach((handler) => handler.dispose()) };
}

function decorate(term: Terminal, record: CommandRecord<MarkerAnchor>): IDecoration | undefined {
  const marker = record.prompt.marker;
  if (!marker || marker.isDisposed) return undefined;
  const failed = record.exitCode !== undefined && record.exitCode !== 0;
  const label = failed
    ? `Command failed with exit code ${record.exitCode}: ${record.commandLine}`
    : `Command succeeded: ${record.commandLine}`;
  const decoration = term.registerDecoration({ marker });
  decoration?.onRender((element) => {
    element.classList.add('terminal-command-mark', failed ? 'failed' : 'succeeded');
    element.setAttribute('role', 'img');
    element.setAttribute('aria-label', label);
    element.title = label;
    // A thin bar at the left edge of the prompt's row, over no text.
    element.style.width = '3px';
    element.style.background = failed ? FAILED : SUCCEEDED;
  });
  return decoration;
}
