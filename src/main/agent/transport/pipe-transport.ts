import { spawn } from 'node:child_process';
import { LineSplitter } from '../line-splitter';
import { signalName, signalTree } from '../../process/process-tree';
import type { SpawnSpec, Transport, TransportHandlers } from './transport';

/**
 * Plain pipes: the default on Windows, where ConPTY re-renders and re-wraps output so JSON cannot
 * be read through it, and selectable everywhere. stdout and stderr are split into lines apart, so
 * a warning can never land inside a frame.
 */
export function spawnPipeTransport(
  spec: SpawnSpec,
  handlers: TransportHandlers,
): Promise<Transport> {
  return new Promise((resolve, reject) => {
    const child = spawn(spec.file, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
      windowsVerbatimArguments: spec.windowsVerbatimArguments ?? false,
    });
    let alive = true;
    const splitters = {
      stdout: new LineSplitter((l) => handlers.onLine(l, 'stdout'), {
        onOversizedLine: handlers.onOversizedLine,
      }),
      stderr: new LineSplitter((l) => handlers.onLine(l, 'stderr'), {
        onOversizedLine: handlers.onOversizedLine,
      }),
    };
    for (const name of ['stdout', 'stderr'] as const) {
      child[name].on('data', (chunk: Buffer) => {
        handlers.onData(chunk);
        splitters[name].push(chunk);
      });
    }
    // Writing to a child that just exited fails with EPIPE: its exit is reported by 'close'.
    child.stdin.on('error', () => {});

    child.once('error', (error) => {
      alive = false;
      reject(error);
    });
    child.once('spawn', () => {
      const pid = child.pid ?? -1;
      resolve({
        kind: 'pipe',
        pid,
        write(text) {
          if (alive && child.stdin.writable) child.stdin.write(text);
        },
        closeInput() {
          child.stdin.end();
        },
        resize() {
          // Pipes have no window size.
        },
        signal(signal) {
          if (alive) signalTree(pid, signal);
        },
      });
    });
    child.once('close', (code, signal) => {
      if (!alive) return; // never started: 'error' already rejected
      alive = false;
      splitters.stdout.end();
      splitters.stderr.end();
      handlers.onExit({ code, signal: signalName(signal) });
    });
  });
}
