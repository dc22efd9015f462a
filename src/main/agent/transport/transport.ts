/**
 * A running `claude` child, whatever carries its bytes. Both transports deliver the same two things
 * from the same bytes: raw chunks (for the raw view) and complete lines (for frames).
 */

export type TransportKind = 'pty' | 'pipe';

/**
 * The pty transport feeds stdin through a FIFO and /bin/sh, which exist only on Unix: Windows
 * always gets pipes (where ConPTY would re-wrap the JSON lines anyway). Elsewhere the pty is the
 * default, as the CLI behaves there as in a terminal.
 */
export function chooseTransport(
  requested: TransportKind | undefined,
  platform: NodeJS.Platform,
): TransportKind {
  return platform === 'win32' ? 'pipe' : (requested ?? 'pty');
}

export interface SpawnSpec {
  file: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Set when `args` are one command line already quoted for cmd.exe (Windows only). */
  windowsVerbatimArguments?: boolean;
  cols?: number;
  rows?: number;
}

export interface TransportExit {
  code: number | null;
  signal: string | null;
}

export interface TransportHandlers {
  /** Raw output bytes, stdout and stderr interleaved as they arrived. */
  onData(chunk: Buffer): void;
  /** One complete output line; stderr lines are kept apart from stdout where the transport can. */
  onLine(line: string, stream: 'stdout' | 'stderr'): void;
  /** A line longer than the splitter's bound was dropped. */
  onOversizedLine(bytes: number): void;
  /** The child is gone and all its output has been delivered. */
  onExit(exit: TransportExit): void;
}

export interface Transport {
  readonly kind: TransportKind;
  readonly pid: number;
  /** Appends to the child's stdin, in order; a no-op once the child is gone. */
  write(text: string): void;
  /** Closes the child's stdin (it reads end of input). */
  closeInput(): void;
  resize(cols: number, rows: number): void;
  /** Signals the child's whole process group (tree on Windows). */
  signal(signal: NodeJS.Signals): void;
}

export const DEFAULT_COLS = 120;
export const DEFAULT_ROWS = 40;
