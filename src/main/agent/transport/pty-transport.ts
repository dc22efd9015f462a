import { spawn as spawnPty } from 'node-pty';
import { holdChildSide } from '../../process/hold-child-side';
import { LineSplitter } from '../line-splitter';
import { signalName, signalTree } from '../../process/process-tree';
import { posixQuote } from '../../../shared/posix-quote';
import { StdinFifo } from './stdin-fifo';
import {
  DEFAULT_COLS,
  DEFAULT_ROWS,
  type SpawnSpec,
  type Transport,
  type TransportHandlers,
} from './transport';

/**
 * node-pty carries the child's stdout and stderr (interleaved, lines ending in \r\n, as a
 * terminal would show them); stdin comes from a private FIFO (see StdinFifo). Unix only.
 */
export async function spawnPtyTransport(
  spec: SpawnSpec,
  handlers: TransportHandlers,
): Promise<Transport> {
  const fifo = new StdinFifo();
  let pty: ReturnType<typeof spawnPty>;
  try {
    pty = spawnPty(
      '/bin/sh',
      ['-c', `exec "$0" "$@" < ${posixQuote(fifo.path)}`, spec.file, ...spec.args],
      {
        name: 'xterm-256color',
        cols: spec.cols ?? DEFAULT_COLS,
        rows: spec.rows ?? DEFAULT_ROWS,
        cwd: spec.cwd,
        env: spec.env as Record<string, string>,
        // Bytes, not strings: the splitter decodes whole lines, so UTF-8 split across reads is safe.
        encoding: null,
      },
    );
  } catch (error) {
    fifo.dispose();
    throw error;
  }
  const release = holdChildSide(pty);
  let alive = true;
  const splitter = new LineSplitter((l) => handlers.onLine(l, 'stdout'), {
    onOversizedLine: handlers.onOversizedLine,
  });
  pty.onData((data) => {
    const chunk = data as unknown as Buffer;
    handlers.onData(chunk);
    splitter.push(chunk);
  });
  pty.onExit(({ exitCode, signal }) => {
    release();
    alive = false;
    splitter.end();
    fifo.dispose();
    handlers.onExit({ code: signal ? null : exitCode, signal: signalName(signal) });
  });
  const pid = pty.pid;
  return {
    kind: 'pty',
    pid,
    write(text) {
      if (alive) fifo.write(text);
    },
    closeInput() {
      fifo.closeInput();
    },
    resize(cols, rows) {
      if (alive) pty.resize(cols, rows);
    },
    signal(signal) {
      if (alive) signalTree(pid, signal);
    },
  };
}
