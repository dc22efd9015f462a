import '@xterm/xterm/css/xterm.css';
import { linkTerminal } from '../../src/renderer/src/blocks/terminal/terminal-link';
import { TerminalView } from '../../src/renderer/src/blocks/terminal/terminal-view';
import { connectHost } from '../../src/renderer/src/host/connect-host';
import { contentChunks } from './content';
import { epochNow, FAILURE_MARK, REPORT_MARK, type BenchReport, type Stage } from './report';

// Runs in Chromium as soon as it loads: the same xterm set-up as a terminal block, fed straight
// from memory (the parse ceiling) and through the whole pipeline (pty → host → WebSocket → xterm).

/** What a stage measured: from `start` to `end`, epoch milliseconds. */
export interface BenchResult {
  renderer: string;
  start: number;
  end: number;
}

// A p95 of five is their largest: three a round make it one of fifteen. Each costs about 1.5 s.
const INTERRUPTS_PER_ROUND = 3;

// xterm drops data past 50 MB of pending writes, so the ceiling is fed with this much in flight.
const MAX_IN_FLIGHT = 4 * 1024 * 1024;

const connected = connectHost((problem) => console.error(`bench: no host (${problem})`));
if (!connected) throw new Error('bench: the page was opened without the token');
const api = connected;

function view(id: string): TerminalView {
  const container = document.getElementById(id)!;
  container.replaceChildren();
  return new TerminalView(container, { openLink: () => undefined });
}

/** A promise and the function that settles it. */
function signal<T = void>(): [Promise<T>, (value: T) => void] {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return [promise, settle];
}

function parsed(terminal: TerminalView): Promise<void> {
  return new Promise((resolve) => terminal.term.write('', resolve));
}

async function ceiling(totalBytes: number): Promise<BenchResult> {
  // Bytes, as the pipeline hands them to xterm, all made before the clock starts.
  const utf8 = new TextEncoder();
  const chunks = [...contentChunks(totalBytes, '\r\n')].map((chunk) => utf8.encode(chunk));
  const terminal = view('ceiling');
  const start = epochNow();
  let inFlight = 0;
  let drained: (() => void) | undefined;
  for (const chunk of chunks) {
    inFlight += chunk.length;
    terminal.term.write(chunk, () => {
      inFlight -= chunk.length;
      if (inFlight < MAX_IN_FLIGHT) drained?.();
    });
    if (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => (drained = resolve));
  }
  await parsed(terminal);
  const end = epochNow();
  const renderer = terminal.rendererName;
  terminal.dispose();
  return { renderer, start, end };
}

/** A shell in a fresh xterm; `onData` runs each time xterm has parsed a piece of its output. */
function shell(
  run: string,
  onData: (terminal: TerminalView, at: number) => void,
): { terminal: TerminalView; prompted: Promise<void>; exited: Promise<void> } {
  const terminal = view('pipeline');
  const terminalId = `bench.${run}`;
  const [ready, prompted] = signal();
  const [done, exited] = signal();
  const unlink = linkTerminal(api, terminal, terminalId, undefined, {
    onDirectory: () => undefined,
    onExit: () => void parsed(terminal).then(() => (unlink(), exited())),
    onError: (message) => console.error(`bench: ${message}`),
  });
  // Registered after linkTerminal's listener, so this empty write lands right behind the data:
  // its callback runs once xterm has parsed that data.
  const stop = api.onEvent('terminalData', (payload) => {
    if (payload.terminalId !== terminalId) return;
    prompted();
    terminal.term.write('', () => onData(terminal, epochNow()));
  });
  void done.then(stop);
  return { terminal, prompted: ready, exited: done };
}

const type = (run: string, data: string) =>
  void api.writeTerminal({ terminalId: `bench.${run}`, data });

/** `cat` of the file; the clock stops when xterm has parsed the last of its output. */
async function pipeline(file: string, run: number): Promise<BenchResult> {
  let lastParsed = 0;
  const { terminal, prompted, exited } = shell(`cat.${run}`, (_terminal, at) => (lastParsed = at));
  await prompted;
  const start = epochNow();
  type(`cat.${run}`, `exec cat '${file}'\r`);
  await exited;
  const renderer = terminal.rendererName;
  terminal.dispose();
  return { renderer, start, end: lastParsed };
}

/**
 * The same `cat` with no xterm: each chunk is acknowledged as it arrives. What the transport
 * alone can carry, to set beside the parse ceiling when the two share the machine's cores.
 */
async function transport(file: string, run: number): Promise<BenchResult> {
  const terminalId = `bench.transport.${run}`;
  const [ready, prompted] = signal();
  const [done, exited] = signal();
  let last = 0;
  const subscriptions = [
    api.onEvent('terminalData', ({ terminalId: id, data }) => {
      if (id !== terminalId) return;
      prompted();
      last = epochNow();
      void api.acknowledgeTerminal({ terminalId, bytes: data.length });
    }),
    api.onEvent('terminalExit', ({ terminalId: id }) => {
      if (id === terminalId) exited();
    }),
  ];
  await api.openTerminal({ terminalId, cols: 200, rows: 50 });
  await ready;
  const start = epochNow();
  type(`transport.${run}`, `exec cat '${file}'\r`);
  await done;
  for (const unsubscribe of subscriptions) unsubscribe();
  return { renderer: 'none', start, end: last };
}

/** Ctrl+C after a second of `yes`: milliseconds until xterm shows the prompt again. */
async function interrupt(run: number): Promise<number> {
  let sent = 0;
  const [back, answered] = signal<number>();
  const { terminal, prompted, exited } = shell(`yes.${run}`, (terminal, at) => {
    const buffer = terminal.term.buffer.active;
    const line = buffer.getLine(buffer.cursorY + buffer.baseY)?.translateToString(true);
    if (sent && line?.trimEnd() === '$') answered(at - sent);
  });
  await prompted;
  type(`yes.${run}`, 'yes\r');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  sent = epochNow();
  type(`yes.${run}`, '\x03');
  let timer!: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no prompt 10 s after Ctrl+C during yes')), 10_000);
  });
  const ms = await Promise.race([back, timeout]).finally(() => clearTimeout(timer));
  type(`yes.${run}`, 'exit\r');
  await exited;
  terminal.dispose();
  return ms;
}

async function runAll(file: string, totalBytes: number, rounds: number): Promise<BenchReport> {
  const report: BenchReport = { renderer: '', spans: [], interrupt: [] };
  const measure = async (stage: Stage, run: () => Promise<BenchResult>) => {
    const { renderer, start, end } = await run();
    report.spans.push({ stage, start, end });
    return renderer;
  };
  for (let round = 0; round < rounds; round++) {
    report.renderer = await measure('ceiling', () => ceiling(totalBytes));
    await measure('pipeline', () => pipeline(file, round));
    await measure('transport', () => transport(file, round));
    for (let i = 0; i < INTERRUPTS_PER_ROUND; i++) {
      report.interrupt.push(await interrupt(round * INTERRUPTS_PER_ROUND + i));
    }
  }
  return report;
}

const params = new URLSearchParams(window.location.search);
runAll(params.get('file')!, Number(params.get('bytes')), Number(params.get('rounds'))).then(
  (report) => console.log(`${REPORT_MARK} ${JSON.stringify(report)}`),
  (error: Error) => console.log(`${FAILURE_MARK} ${error.message}`),
);
