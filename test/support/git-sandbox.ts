import { posixQuote } from '../../src/shared/posix-quote';

/** An environment for git in tests: a throwaway HOME, so no user git config leaks in. */
export function gitSandboxEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'],
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Tester',
    GIT_AUTHOR_EMAIL: 'tester@example.com',
    GIT_COMMITTER_NAME: 'Tester',
    GIT_COMMITTER_EMAIL: 'tester@example.com',
  };
}

/**
 * A shell command for git config (fsmonitor, diff.external, textconv…) that leaves `file` behind
 * when git runs it: git runs such commands through sh, on Windows too (with forward slashes).
 */
export function markerCommand(file: string): string {
  return `echo ran >> ${posixQuote(file.replaceAll('\\', '/'))}`;
}
