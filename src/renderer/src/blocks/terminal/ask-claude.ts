import { fenced } from '../../../../shared/markdown-text';

/** What a terminal hands an agent: the most of its output a message carries, the end kept. */
export const HANDOFF_MAX_LINES = 400;

/** Output cut to its last lines, saying how many were left out. */
function tail(text: string): string {
  const lines = text.split('\n');
  if (lines.length <= HANDOFF_MAX_LINES) return text;
  const left = lines.length - HANDOFF_MAX_LINES;
  return [`(${left} earlier lines left out)`, ...lines.slice(-HANDOFF_MAX_LINES)].join('\n');
}

/** "Ask Claude about selection": the selected text, quoted, for a question to follow. */
export function selectionMessage(selection: string, cwd: string): string {
  return `From my terminal in ${cwd}:\n\n${fenced(tail(selection.replace(/\s+$/, '')))}\n\n`;
}

export interface FinishedCommand {
  commandLine: string;
  exitCode?: number | undefined;
  output: string;
}

/** "Ask Claude about last command": the command, how it ended and what it printed. */
export function lastCommandMessage(command: FinishedCommand, cwd: string): string {
  const ended =
    command.exitCode === undefined
      ? 'it ended'
      : command.exitCode === 0
        ? 'it succeeded'
        : `it failed with exit code ${command.exitCode}`;
  const output = command.output ? fenced(tail(command.output)) : '(it printed nothing)';
  return `I ran this in ${cwd}:\n\n${fenced(command.commandLine)}\n\n${ended}:\n\n${output}\n\n`;
}
