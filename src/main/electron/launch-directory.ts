import { resolve } from 'node:path';
import { z } from 'zod';

/** `--cwd DIR` or `--cwd=DIR`, resolved against the directory the launch happened in. */
export function requestedDirectory(
  argv: readonly string[],
  workingDirectory: string,
): string | null {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const given =
      arg === '--cwd' ? argv[index + 1] : arg.startsWith('--cwd=') ? arg.slice(6) : null;
    if (given) return resolve(workingDirectory, given);
  }
  return null;
}

/** What a second launch passes to the running one, beside its command line. */
export const launchDataSchema = z.object({ cwd: z.string().min(1).max(4096).nullable() });
export type LaunchData = z.infer<typeof launchDataSchema>;

/**
 * The directory a second launch asks for. Chromium reorders a second instance's arguments and
 * adds its own, so the launch's own reading of its command line comes first; the arguments are
 * the fallback for a launch that sent none (an older Tether).
 */
export function secondLaunchDirectory(
  argv: readonly string[],
  workingDirectory: string,
  additionalData: unknown,
): string | null {
  const data = launchDataSchema.safeParse(additionalData);
  if (data.success) return data.data.cwd;
  return requestedDirectory(argv, workingDirectory);
}
