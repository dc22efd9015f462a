import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, type IPty } from 'node-pty';
import { isAlive, processesWithEnv, signalProcesses, signalTree } from '../process/process-tree';
import { FlowControl } from './flow-control';
import { foregroundCommand } from './foreground';
import { holdChildSide } from '../process/hold-child-side';
import { OutputBatcher } from './output-batcher';
import type { ShellSpec } from './shell';
import { scriptFolder } from './shell-integration/install-scripts';
import { withShellIntegration } from './shell-integration/launch';

/**
 * What a program in the terminal learns of it beyond TERM: colours in 24 bits, and whose it is.
 * A remote terminal's shell gets them from Tether's script there (sshd accepts no variables it
 * was not told to).
 */
export const TERMINAL_IDENTITY = { COLORTERM: 'truecolor', TERM_PROGRAM: 'Tether' } as const;

export interface TerminalSessionOptions {
  shell: ShellSpec;
  cwd: string;
  cols: number;
  rows: number;
  env?: NodeJS.ProcessEnv;
  /** Prompt and command marks from bash, zsh, fish and PowerShell; on unless turned off. */
  shellIntegration?: boolean;
  batchMs?: number;
  watermarks?: { high: number; low: number };
  /**
   * Bytes to write just before each batch, in the same memory but outside what `onData` gets: a
   * transport's frame header, so that framing the batch needs no copy of it.
   */
  frameHeader?: Uint8Array;
  onData(data: Uint8Array): void;
  onExit(exitCode: number, signal: number | null): void;
}

/**
 * node-pty decodes the output as UTF-8 and has to: that mode is also what turns on the kernel's
 * UTF-8 line editing (IUTF8), without which Backspace in `read` or `cat` erases half a character,
 * and ConPTY only ever gives text. Each batch goes back to bytes here, once, for binary frames and
 * for acknowledgements counted in bytes, written straight after `header`, chunk by chunk (never
 * joined into one string first). Every batch gets memory of its own (never Buffer's shared pool,
 * which IPC would copy whole).
 */
function encodeBatch(chunks: string[], header: Uint8Array): Uint8Array {
  let size = header.length;
  for (const chunk of chunks) size += Buffer.byteLength(chunk);
  const memory = Buffer.allocUnsafeSlow(size);
  memory.set(header);
  let at = header.length;
  for (const chunk of chunks) at += memory.write(chunk, at);
  return new Uint8Array(
    memory.buffer,
    memory.byteOffset + header.length,
    memory.length - header.length,
  );
}

const NO_HEADER = new Uint8Array();

// A shell that ignores SIGHUP gets this long before it is killed outright, as VS Code allows.
const FORCED_KILL_MS = 5_000;
/** The same, when nobody is left to see it (the app quitting, a page gone for good). */
export const UNWATCHED_KILL_MS = 1_000;
// What the shell started and outlived it gets this long after SIGTERM before SIGKILL.
const STRAGGLER_KILL_MS = 1_000;

/**
 * Every process a terminal starts inherits this variable with the terminal's own value, so what
 * left its process tree (`setsid`, `nohup … &` after the shell exits) can still be found and
 * ended with the block.
 */
export const TERMINAL_TAG_VARIABLE = 'TETHER_TERMINAL';

/**
 * One shell in a pty: output batched and flow-controlled by the viewer's acknowledgements, and a
 * kill that ends the shell's whole process group rather than one pid.
 */
export class TerminalSession {
  private readonly pty: IPty;
  private readonly flow: FlowControl;
  private readonly batcher: OutputBatcher<Uint8Array>;
  private readonly exited: Promise<void>;
  private readonly tag = randomBytes(8).toString('hex');
  private ending: Promise<void> | undefined;
  private killAt = Infinity;
  private killTimer: ReturnType<typeof setTimeout> | undefined;
  private hasExited = false;
  private readonly shellFile: string;

  constructor(options: TerminalSessionOptions) {
    this.shellFile = options.shell.file;
    this.flow = new FlowControl(options.watermarks?.high, options.watermarks?.low);
    const header = options.frameHeader ?? NO_HEADER;
    this.batcher = new OutputBatcher(
      (data) => {
        if (this.flow.sent(data.length)) this.pty.pause();
        options.onData(data);
      },
      options.batchMs,
      this.flow.batchSize,
      (chunks) => encodeBatch(chunks, header),
    );
    const env = options.env ?? process.env;
    const launch =
      options.shellIntegration === false
        ? { shell: options.shell, env: {} }
        : withShellIntegration(options.shell, { platform: process.platform, env, scriptFolder });
    this.pty = spawn(launch.shell.file, launch.shell.args, {
      name: 'xterm-256color',
      cols: options.cols,
      rows: options.rows,
      cwd: options.cwd,
      env: {
        ...env,
        ...launch.env,
        TERM: 'xterm-256color',
        ...TERMINAL_IDENTITY,
        [TERMINAL_TAG_VARIABLE]: this.tag,
      },
    });
    const release = holdChildSide(this.pty);
    this.pty.onData((chunk) => this.batcher.push(chunk));
    // node-pty reports the exit only once the pty has been read to its end, so a flush here
    // delivers everything the shell wrote before the exit notice.
    this.exited = new Promise((resolve) => {
      this.pty.onExit(({ exitCode, signal }) => {
        release();
        this.hasExited = true;
        this.batcher.flush();
        options.onExit(exitCode, signal || null);
        resolve();
      });
    });
  }

  get pid(): number {
    return this.pty.pid;
  }

  /** What runs in the foreground instead of the shell's prompt, if anything. */
  get foregroundCommand(): string | undefined {
    return this.hasExited ? undefined : foregroundCommand(this.pty.process, this.shellFile);
  }

  /** Bytes delivered but not yet acknowledged by the viewer. */
  get unacknowledged(): number {
    return this.flow.pending;
  }

  get isPaused(): boolean {
    return this.flow.isPaused;
  }

  write(data: string): void {
    if (!this.hasExited) this.pty.write(data);
  }

  resize(cols: number, rows: number): void {
    if (!this.hasExited) this.pty.resize(cols, rows);
  }

  acknowledge(bytes: number): void {
    if (!this.flow.acknowledged(bytes)) return;
    // The window is measured again at each resume, and the batches follow it.
    this.batcher.maxChars = this.flow.batchSize;
    this.pty.resume();
  }

  /**
   * Ends the shell and every process it started, including jobs that ignore SIGHUP or left its
   * process group; resolves once all of them have ended. A shell still there `graceMs` after its
   * hangup is killed; a later call with a shorter grace (the app quitting while a block closes)
   * brings that forward.
   */
  dispose(graceMs = FORCED_KILL_MS): Promise<void> {
    this.killWithin(graceMs);
    // One ending however often it is asked for (a block closed while the app quits): on Windows a
    // second pty.kill() can block until the console is gone.
    return (this.ending ??= this.end());
  }

  private killWithin(ms: number): void {
    const at = Date.now() + ms;
    if (this.hasExited || at >= this.killAt) return;
    this.killAt = at;
    clearTimeout(this.killTimer);
    this.killTimer = setTimeout(() => this.hasExited || this.signalGroup('SIGKILL'), ms);
  }

  private async end(): Promise<void> {
    if (!this.hasExited) {
      this.signalGroup('SIGHUP');
      // A paused pty is never read to its end, so the exit notice would never come.
      this.pty.resume();
      await this.exited;
    }
    clearTimeout(this.killTimer);
    await this.endStragglers();
    this.batcher.dispose();
  }

  private signalGroup(signal: NodeJS.Signals): void {
    // ConPTY ends its whole console with the pty, and the forced step ends the tree with
    // taskkill rather than a second pty.kill(). Elsewhere jobs the shell started sit in process
    // groups of their own, so each descendant gets the signal too.
    if (process.platform === 'win32') {
      if (signal === 'SIGKILL') signalTree(this.pty.pid, signal);
      else this.pty.kill();
    } else {
      signalTree(this.pty.pid, signal);
      signalProcesses(this.tagged(), signal);
    }
  }

  private async endStragglers(): Promise<void> {
    let left = this.tagged();
    if (left.length === 0) return;
    signalProcesses(left, 'SIGTERM');
    left = await whileAlive(left, STRAGGLER_KILL_MS);
    signalProcesses(left, 'SIGKILL');
    await whileAlive(left, STRAGGLER_KILL_MS);
  }

  private tagged(): number[] {
    return processesWithEnv(TERMINAL_TAG_VARIABLE, this.tag).filter((pid) => pid !== process.pid);
  }
}

/** Waits up to `ms` for the processes to end; resolves with those still running. */
async function whileAlive(pids: number[], ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  let left = pids.filter(isAlive);
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(20);
    left = left.filter(isAlive);
  }
  return left;
}
