import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { createInterface } from 'node:readline';

export interface ChildOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Sees each line the child prints on standard output, after it is passed on to ours. */
  onLine?: (line: string) => void;
  /** Takes all the child prints, on standard output and error, instead of showing it. */
  onOutput?: (text: string) => void;
}

// SIGHUP (the terminal closed) becomes SIGTERM: browser mode stops its shells on INT and TERM only.
const forwarded = { SIGINT: 'SIGINT', SIGTERM: 'SIGTERM', SIGHUP: 'SIGTERM' } as const;

/**
 * Runs one child to its end and resolves with its exit status (128 + n after signal n, as shells
 * report it). On POSIX the child leads a process group of its own and each stop reaches it once,
 * from here: a Ctrl+C goes to the whole foreground group and npm forwards it again, and browser
 * mode ends at once on a second SIGINT, before its shells are stopped. On Windows the console
 * delivers Ctrl+C to the child itself; this process only waits for it.
 */
export function runChild(command: string, args: string[], options: ChildOptions): Promise<number> {
  const ownGroup = process.platform !== 'win32';
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: options.onOutput
      ? ['ignore', 'pipe', 'pipe']
      : ['ignore', options.onLine ? 'pipe' : 'inherit', 'inherit'],
    detached: ownGroup,
  });

  let stopping = false;
  const handlers = Object.entries(forwarded).map(([received, sent]) => {
    const handler = () => {
      if (stopping || !ownGroup || child.pid === undefined) return;
      stopping = true;
      try {
        process.kill(-child.pid, sent);
      } catch {
        // The group is already gone: the child is exiting and 'close' follows.
      }
    };
    process.on(received, handler);
    return [received, handler] as const;
  });

  const { onOutput } = options;
  if (onOutput) {
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8').on('data', (text: string) => onOutput(text));
    }
  } else if (options.onLine && child.stdout) {
    const onLine = options.onLine;
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
      process.stdout.write(`${line}\n`);
      onLine(line);
    });
  }

  return new Promise((resolve) => {
    const finish = (status: number) => {
      for (const [signal, handler] of handlers) process.off(signal, handler);
      resolve(status);
    };
    child.on('error', (error) => {
      console.error(`tether: cannot run ${command} (${error.message})`);
      finish(1);
    });
    child.on('close', (code, signal) => {
      finish(code ?? 128 + (signal ? constants.signals[signal] : 0));
    });
  });
}
