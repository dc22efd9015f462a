import '@xterm/xterm/css/xterm.css';
import { linkTerminal } from '../../src/renderer/src/blocks/terminal/terminal-link';
import { TerminalView } from '../../src/renderer/src/blocks/terminal/terminal-view';
import { connectHost } from '../../src/renderer/src/host/connect-host';
import { contentChunks } from './content';

// Runs in Chromium: the same xterm set-up as a terminal block, once fed straight from memory
// (the parse ceiling) and once through the whole pipeline (pty → host → WebSocket → xterm).

export interface BenchResult {
  renderer: string;
  seconds: number;
}

// xterm drops data past 50 MB of pending writes, so the ceiling is fed with this much in flight.
const MAX_IN_FLIGHT = 4 * 1024 * 1024;

const api = connectHost(() => console.error('bench: lost the host'));

function view(id: string): TerminalView {
  const container = document.getElementById(id)!;
  container.replaceChildren();
  return new TerminalView(container, { openLink: () => undefined });
}

function parsed(terminal: TerminalView): Promise<void> {
  return new Promise((resolve) => terminal.term.write('', resolve));
}

async function ceiling(totalBytes: number): Promise<BenchResult> {
  const terminal = view('ceiling');
  const started = performance.now();
  let inFlight = 0;
  let drained: (() => void) | undefined;
  for (const chunk of contentChunks(totalBytes, '\r\n')) {
    inFlight += chunk.length;
    terminal.term.write(chunk, () => {
      inFlight -= chunk.length;
      if (inFlight < MAX_IN_FLIGHT) drained?.();
    });
    if (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => (drained = resolve));
  }
  await parsed(terminal);
  const seconds = (performance.now() - started) / 1000;
  const renderer = terminal.rendererName;
  terminal.dispose();
  return { renderer, seconds };
}

async function pipeline(file: string, run: number): Promise<BenchResult> {
  const terminal = view('pipeline');
  let started = 0;
  const result = new Promise<BenchResult>((resolve, reject) => {
    let prompted: () => void;
    const ready = new Promise<void>((resolve) => (prompted = resolve));
    const stopPrompt = api.onEvent('terminalData', () => prompted());
    // The clock starts once the shell has shown its prompt.
    void ready.then(() => {
      stopPrompt();
      started = performance.now();
      void api.writeTerminal({ terminalId: `bench.${run}`, data: `exec cat '${file}'\r` });
    });
    const unlink = linkTerminal(api, terminal, `bench.${run}`, undefined, {
      onDirectory: () => undefined,
      onExit: () => {
        void parsed(terminal).then(() => {
          const seconds = (performance.now() - started) / 1000;
          unlink();
          const renderer = terminal.rendererName;
          terminal.dispose();
          resolve({ renderer, seconds });
        });
      },
      onError: (message) => reject(new Error(message)),
    });
  });
  return result;
}

declare global {
  interface Window {
    terminalBench: { ceiling: typeof ceiling; pipeline: typeof pipeline };
  }
}

window.terminalBench = { ceiling, pipeline };
