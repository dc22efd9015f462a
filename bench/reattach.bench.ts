/**
 * `npm run bench:reattach [-- --mb 16 --rounds 3]`: what it costs to give a reloaded page its
 * terminal back, two ways side by side on the same output:
 *
 * - ring: the host keeps the last 4 MiB of raw output (`src/main/host/output-ring.ts`) and the
 *   page replays it;
 * - serialize: the host runs a headless xterm (10,000 lines of scrollback, as the page's) over
 *   all output and sends `serialize()` of it.
 *
 * For each output mix, per MB of output: (a) the ongoing cost while the shell runs (the ring's
 * push of each batch against the headless xterm's parse of it); (b) at the reattach, the text the
 * host sends and the host time to produce it; (c) what the page then parses, timed with
 * @xterm/headless as a stand-in for the page's xterm (same parser, no renderer). It also says if
 * the restored screen shows what the original one did, and (d) sums up the reattach and how
 * little output may pass before a reload for serialize's ongoing parse to pay off.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Terminal } from '@xterm/headless';
import { SerializeAddon } from '@xterm/addon-serialize';
import { OutputRing } from '../src/main/host/output-ring';
import { median } from './support/stats';

const { values } = parseArgs({
  options: {
    // More than the ring's 4 MiB, so it has dropped output as it does in a long session.
    mb: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '3' },
  },
});
const TOTAL_BYTES = Math.round(Number(values.mb) * 1_000_000);
const ROUNDS = Number(values.rounds);
// What the host's batcher hands over under a flood (`src/main/pty/output-batcher.ts`).
const BATCH = 64 * 1024;
const COLS = 120;
const ROWS = 40;
// The page's terminal keeps this much (`terminal-view.ts`); the headless one must match it.
const SCROLLBACK = 10_000;

// A seeded generator, so two runs measure the same bytes.
let seed = 0x2545f491;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n: number) => Math.floor(random() * n);

/** Repeats what `next` gives until `TOTAL_BYTES`, as the pty delivers it: LF turned into CRLF. */
function fill(next: () => string, prefix = ''): Buffer {
  const parts: string[] = [prefix];
  let size = prefix.length;
  while (size < TOTAL_BYTES) {
    const part = next();
    parts.push(part);
    size += Buffer.byteLength(part);
  }
  return Buffer.from(parts.join('').replace(/\r?\n/g, '\r\n'));
}

/** `cat` of this repository's TypeScript sources: long and short lines, some non-ASCII text. */
function logFlood(): Buffer {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) files.push(readFileSync(path, 'utf8'));
    }
  };
  walk(join(__dirname, '..', 'src'));
  let at = 0;
  return fill(() => files[at++ % files.length]!);
}

/** `yes`: two-character lines, the most lines per MB. */
function yesLines(): Buffer {
  return fill(() => 'y\n'.repeat(4096));
}

/** A coloured build or `ls --color` / `git log --graph`: 16-, 256- and true-colour SGR, bold. */
function colourful(): Buffer {
  const words = ['src/main/host', 'error', 'warning', 'TS2345', 'passed', 'failed', 'ms', '+42 -7'];
  return fill(() => {
    let line = `\x1b[33m${int(1e8).toString(16).padStart(7, '0')}\x1b[m `;
    for (let n = 2 + int(6); n > 0; n--) {
      const word = words[int(words.length)]!;
      const style = int(3);
      if (style === 0) line += `\x1b[1;3${1 + int(7)}m${word}\x1b[0m `;
      else if (style === 1) line += `\x1b[38;5;${int(256)}m${word}\x1b[39m `;
      else line += `\x1b[38;2;${int(256)};${int(256)};${int(256)}m${word}\x1b[0m `;
    }
    return `${line}\n`;
  });
}

/**
 * A full-screen program (htop-like): enters the alternate screen and draws it whole once, then
 * redraws only what changes, by cursor moves: the clock, the CPU bars, some process rows, with a
 * highlighted selected row.
 */
function fullScreen(): Buffer {
  const row = (r: number, text: string) => `\x1b[${r};1H${text}\x1b[K`;
  const bar = (cpu: number) => {
    const used = int(50);
    return `  ${cpu}[\x1b[32m${'|'.repeat(used)}\x1b[31m${'|'.repeat(int(50 - used))}\x1b[m${' '.repeat(10)}${(random() * 100).toFixed(1)}%]`;
  };
  const proc = (r: number, selected: boolean) =>
    `${selected ? '\x1b[30;46m' : ''}${String(1000 + r).padStart(7)} user 20 0 ${int(9e5)} ${int(9e4)} S ${(random() * 100).toFixed(1).padStart(5)} ${(random() * 10).toFixed(1)} 0:${String(int(60)).padStart(2, '0')}.${int(99)} node --import tsx bench/reattach.bench.ts${selected ? '\x1b[m' : ''}`;
  let first = '\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J';
  for (let cpu = 0; cpu < 8; cpu++) first += row(1 + cpu, bar(cpu));
  first += row(10, '\x1b[7m    PID USER PRI NI VIRT RES S CPU% MEM% TIME+ Command\x1b[m');
  for (let r = 11; r < ROWS; r++) first += row(r, proc(r, r === 11));
  let selected = 11;
  return fill(() => {
    let frame = `\x1b[1;${COLS - 8}H${String(int(86400)).padStart(8)}`;
    for (let cpu = 0; cpu < 8; cpu++) frame += row(1 + cpu, bar(cpu));
    const previous = selected;
    selected = 11 + int(ROWS - 11);
    frame += row(previous, proc(previous, false)) + row(selected, proc(selected, true));
    for (let n = 0; n < 6; n++) frame += row(11 + int(ROWS - 11), proc(0, false));
    return frame;
  }, first);
}

const MIXES: [string, () => Buffer][] = [
  ['log flood (cat of sources)', logFlood],
  ['yes (short lines)', yesLines],
  ['colourful (SGR)', colourful],
  ['full-screen redraws', fullScreen],
];

function batches(output: Buffer): Uint8Array[] {
  const all: Uint8Array[] = [];
  // Batches end anywhere, inside a character or an escape sequence, as the pty's reads do.
  for (let at = 0; at < output.length; at += BATCH) all.push(output.subarray(at, at + BATCH));
  return all;
}

function headless(): { term: Terminal; serializer: SerializeAddon } {
  const term = new Terminal({
    cols: COLS,
    rows: ROWS,
    scrollback: SCROLLBACK,
    allowProposedApi: true,
  });
  const serializer = new SerializeAddon();
  // The addon's typings name the browser package's Terminal; the headless one has the same API.
  term.loadAddon(serializer as unknown as Parameters<Terminal['loadAddon']>[0]);
  return { term, serializer };
}

/** Writes everything and resolves once xterm has parsed it all. */
function writeAll(term: Terminal, parts: readonly (Uint8Array | string)[]): Promise<void> {
  return new Promise((done) =>
    parts.forEach((part, i) => term.write(part, i === parts.length - 1 ? done : undefined)),
  );
}

/**
 * The CPU time `run` takes. xterm parses in slices of about 12 ms with a timer between them;
 * wall time would count those idle gaps (and other engineers' processes on this machine).
 */
async function cpuMs(run: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The screen as text, with the buffer (normal or alternate) it is in. */
function screen(term: Terminal): string {
  const buffer = term.buffer.active;
  const lines: string[] = [buffer.type];
  for (let y = 0; y < term.rows; y++)
    lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
  return lines.join('\n');
}

interface Result {
  mix: string;
  mb: number;
  ringPushMs: number;
  parseMs: number;
  ringBytes: number;
  ringJsonBytes: number;
  ringTextMs: number;
  serialBytes: number;
  serialJsonBytes: number;
  serializeMs: number;
  ringReplayMs: number;
  serialReplayMs: number;
  ringScreenOk: boolean;
  serialScreenOk: boolean;
}

async function measure(mix: string, output: Buffer): Promise<Result> {
  const parts = batches(output);
  const rounds: Omit<Result, 'mix' | 'mb'>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ring = new OutputRing();
    const ringPushMs = await cpuMs(() => parts.forEach((part) => ring.push(part)));
    const { term, serializer } = headless();
    const parseMs = await cpuMs(() => writeAll(term, parts));

    let restore = '';
    const ringTextMs = await cpuMs(() => (restore = ring.text()));
    let serialized = '';
    const serializeMs = await cpuMs(() => (serialized = serializer.serialize()));

    const ringPage = headless().term;
    const ringReplayMs = await cpuMs(() => writeAll(ringPage, [restore]));
    const serialPage = headless().term;
    const serialReplayMs = await cpuMs(() => writeAll(serialPage, [serialized]));

    const original = screen(term);
    rounds.push({
      ringPushMs,
      parseMs,
      ringBytes: Buffer.byteLength(restore),
      // Browser mode sends the restore inside a JSON frame, where each ESC becomes `\u001b`.
      ringJsonBytes: Buffer.byteLength(JSON.stringify(restore)),
      ringTextMs,
      serialBytes: Buffer.byteLength(serialized),
      serialJsonBytes: Buffer.byteLength(JSON.stringify(serialized)),
      serializeMs,
      ringReplayMs,
      serialReplayMs,
      ringScreenOk: screen(ringPage) === original,
      serialScreenOk: screen(serialPage) === original,
    });
    for (const t of [term, ringPage, serialPage]) t.dispose();
  }
  const pick = <K extends keyof (typeof rounds)[number]>(key: K) => rounds.map((r) => r[key]);
  const mid = (
    key:
      'ringPushMs' | 'parseMs' | 'ringTextMs' | 'serializeMs' | 'ringReplayMs' | 'serialReplayMs',
  ) => median(pick(key));
  return {
    mix,
    mb: output.length / 1e6,
    ringPushMs: mid('ringPushMs'),
    parseMs: mid('parseMs'),
    ringBytes: rounds[0]!.ringBytes,
    ringJsonBytes: rounds[0]!.ringJsonBytes,
    ringTextMs: mid('ringTextMs'),
    serialBytes: rounds[0]!.serialBytes,
    serialJsonBytes: rounds[0]!.serialJsonBytes,
    serializeMs: mid('serializeMs'),
    ringReplayMs: mid('ringReplayMs'),
    serialReplayMs: mid('serialReplayMs'),
    ringScreenOk: pick('ringScreenOk').every(Boolean),
    serialScreenOk: pick('serialScreenOk').every(Boolean),
  };
}

const size = (bytes: number) =>
  bytes < 100 * 1024
    ? `${(bytes / 1024).toFixed(1)} KiB`
    : `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(a / b < 10 ? 2 : 0)}×`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join('  '),
    )
    .join('\n');
}

async function main(): Promise<void> {
  console.log(
    `reattach bench: ${values.mb} MB of each mix in ${BATCH / 1024} KiB batches, ${COLS}×${ROWS}, ` +
      `scrollback ${SCROLLBACK}, median of ${ROUNDS} round(s); times are the process's CPU time`,
  );
  const results: Result[] = [];
  for (const [mix, make] of MIXES) results.push(await measure(mix, make()));

  console.log('\n(a) while the shell runs, per MB of output: ring push vs headless xterm parse');
  console.log(
    table([
      ['mix', 'ring push', 'xterm parse', 'parse / push', 'xterm MB/s'],
      ...results.map((r) => [
        r.mix,
        ms(r.ringPushMs / r.mb),
        ms(r.parseMs / r.mb),
        ratio(r.parseMs, r.ringPushMs),
        (r.mb / (r.parseMs / 1000)).toFixed(1),
      ]),
    ]),
  );
  console.log(
    '\n(b) at the reattach: what the host sends (UTF-8 / as JSON) and its time to make it',
  );
  console.log(
    table([
      [
        'mix',
        'ring sends',
        'as JSON',
        'ring.text()',
        'serialize sends',
        'as JSON',
        'serialize()',
        'sent: ring / ser.',
      ],
      ...results.map((r) => [
        r.mix,
        size(r.ringBytes),
        size(r.ringJsonBytes),
        ms(r.ringTextMs),
        size(r.serialBytes),
        size(r.serialJsonBytes),
        ms(r.serializeMs),
        ratio(r.ringJsonBytes, r.serialJsonBytes),
      ]),
    ]),
  );
  console.log("\n(c) the page parses the restore (headless xterm as the stand-in for the page's)");
  console.log(
    table([
      ['mix', 'ring replay', 'serialized', 'ring / ser.', 'screen as before: ring', 'serialize'],
      ...results.map((r) => [
        r.mix,
        ms(r.ringReplayMs),
        ms(r.serialReplayMs),
        ratio(r.ringReplayMs, r.serialReplayMs),
        r.ringScreenOk ? 'yes' : 'NO',
        r.serialScreenOk ? 'yes' : 'NO',
      ]),
    ]),
  );
  // Serialize pays at every batch and saves once per reload: it comes out ahead only if the
  // reload comes before this much output has gone by.
  console.log('\n(d) the whole reattach (host + page) and where serialize pays for its parsing');
  console.log(
    table([
      ['mix', 'ring', 'serialize', 'ring / ser.', 'serialize ahead if a reload comes within'],
      ...results.map((r) => {
        const ring = r.ringTextMs + r.ringReplayMs;
        const serial = r.serializeMs + r.serialReplayMs;
        const perMb = (r.parseMs - r.ringPushMs) / r.mb;
        return [
          r.mix,
          ms(ring),
          ms(serial),
          ratio(ring, serial),
          ring > serial ? `${((ring - serial) / perMb).toFixed(1)} MB of output` : 'never',
        ];
      }),
    ]),
  );
}

main().catch((error: unknown) => {
  console.error('reattach bench failed:', error);
  process.exit(1);
});
