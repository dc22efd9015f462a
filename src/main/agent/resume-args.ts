import type { StartOptions } from './agent-session';

/**
 * The CLI flags that resume or fork a Claude session. Each id goes in the same argument as its
 * flag (`--resume=<id>`): as an argument of its own, an id that starts with `-` would be read as
 * another option (`--debug-file=<path>` makes the CLI write there).
 */
export function resumeArgs({
  resume,
  forkSession,
  resumeAt,
}: Pick<StartOptions, 'resume' | 'forkSession' | 'resumeAt'>): string[] {
  if (!resume) return [];
  return [
    `--resume=${resume}`,
    ...(forkSession ? ['--fork-session'] : []),
    ...(resumeAt ? [`--resume-session-at=${resumeAt}`] : []),
  ];
}
