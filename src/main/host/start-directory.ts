import { homedir } from 'node:os';
import { resolve } from 'node:path';

/**
 * The workspace directory when none is given: where Tether was started. `npm start` and
 * `npm run web` run in the project's folder, so npm's record of where it was invoked comes
 * first; a desktop launcher starts apps at /, where home is the useful answer.
 */
export function startDirectory(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const started = resolve(env['INIT_CWD'] || cwd);
  return started === '/' ? homedir() : started;
}
