import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One browser-mode server per state folder: a second one would load and save the same workspace
 * file and resume the same agent sessions in a second CLI. The first to start holds a file there,
 * made exclusively, with its pid and, once it listens, its page's address (the token is in it, so
 * the file is the user's alone, like the rest of the folder). A later start finds it and hands
 * over that address instead of serving.
 */

const FILE_NAME = 'browser-server.json';

interface Holder {
  pid: number;
  url?: string;
}

export type StateDirClaim =
  | {
      held: true;
      /** Records the page's address for a later start to find. */
      publish(url: string): void;
      release(): void;
    }
  /** `url`: the running server's page; absent while that one is still starting. */
  | { held: false; url?: string };

export interface ClaimOptions {
  /** Whether the server that wrote the address still answers on it with its token. */
  answers?: (url: string) => Promise<boolean>;
  /** Whether a process still runs (the pid in a file a killed server left may be reused). */
  alive?: (pid: number) => boolean;
}

export async function claimStateDir(
  stateDir: string,
  options: ClaimOptions = {},
): Promise<StateDirClaim> {
  const { answers = serverAnswers, alive = processAlive } = options;
  const file = join(stateDir, FILE_NAME);
  mkdirSync(stateDir, { recursive: true });
  const write = (holder: Holder, flag: 'w' | 'wx') =>
    writeFileSync(file, JSON.stringify(holder), { flag, mode: 0o600 });
  for (;;) {
    try {
      write({ pid: process.pid }, 'wx');
      return {
        held: true,
        publish: (url) => write({ pid: process.pid, url }, 'w'),
        release: () => {
          if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder && alive(holder.pid)) {
      if (!holder.url) return { held: false };
      if (await answers(holder.url)) return { held: false, url: holder.url };
    }
    // Left by a server that was killed: the folder is free.
    rmSync(file, { force: true });
  }
}

/**
 * The page of a server that serves `stateDir` and answers, without claiming the folder: what a
 * start looks for before it spends time building. Undefined when none is running.
 */
export async function runningServer(
  stateDir: string,
  options: ClaimOptions = {},
): Promise<string | undefined> {
  const { answers = serverAnswers, alive = processAlive } = options;
  const holder = readHolder(join(stateDir, FILE_NAME));
  if (!holder?.url || !alive(holder.pid)) return undefined;
  return (await answers(holder.url)) ? holder.url : undefined;
}

function readHolder(file: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid !== 'number') return undefined;
    return typeof parsed.url === 'string'
      ? { pid: parsed.pid, url: parsed.url }
      : { pid: parsed.pid };
  } catch {
    return undefined;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function serverAnswers(url: string): Promise<boolean> {
  const token = new URL(url).searchParams.get('token') ?? '';
  try {
    const response = await fetch(new URL('/token-check', url), {
      headers: { 'x-tether-token': token },
      signal: AbortSignal.timeout(2_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}
