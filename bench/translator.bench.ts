/**
 * `npm run bench`: the translator's throughput on a large realistic stream, side by side with the
 * floor — the same bytes, in the same chunks, only split into lines and JSON.parse'd.
 * Target: the translator takes at most 1.15× the floor's time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClaudeTranslator } from '../src/main/agent/claude-translator';
import { LineSplitter } from '../src/main/agent/line-splitter';
import { median } from './support/stats';

const TARGET_BYTES = 64 * 1024 * 1024;
const CHUNK = 64 * 1024; // about what one pty read delivers
const RUNS = 7;

function buildStream(): Buffer {
  const dir = join(__dirname, '..', 'test', 'conformance', 'recordings');
  const recordings = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => readFileSync(join(dir, f)));
  const unit = Buffer.concat(recordings);
  const copies = Math.ceil(TARGET_BYTES / unit.length);
  return Buffer.concat(Array.from({ length: copies }, () => unit));
}

function chunked(stream: Buffer, onChunk: (chunk: Buffer) => void): void {
  for (let at = 0; at < stream.length; at += CHUNK) onChunk(stream.subarray(at, at + CHUNK));
}

/** Floor: split into lines, parse each. */
function floor(stream: Buffer): number {
  let parsed = 0;
  const splitter = new LineSplitter((line) => {
    if (JSON.parse(line) !== null) parsed++;
  });
  chunked(stream, (c) => splitter.push(c));
  splitter.end();
  return parsed;
}

/** The naive floor: one decode of the whole stream, String.split, parse each. */
function naiveFloor(stream: Buffer): number {
  let parsed = 0;
  for (const line of stream.toString('utf8').split('\n')) {
    if (line && JSON.parse(line) !== null) parsed++;
  }
  return parsed;
}

/** The real thing: split into lines, parse, translate into AgentEvents. */
function translate(stream: Buffer): number {
  let events = 0;
  const translator = new ClaudeTranslator();
  const splitter = new LineSplitter((line) => {
    events += translator.pushLine(line).length;
  });
  chunked(stream, (c) => splitter.push(c));
  splitter.end();
  return events + translator.end().length;
}

function time(fn: (s: Buffer) => number, stream: Buffer): number {
  const start = process.hrtime.bigint();
  fn(stream);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const stream = buildStream();
const mb = stream.length / (1024 * 1024);
const lines = floor(stream);
const events = translate(stream);
console.log(
  `stream: ${mb.toFixed(1)} MiB, ${lines} lines → ${events} events (${CHUNK / 1024} KiB chunks)`,
);

const timings = { floor: [] as number[], naive: [] as number[], translate: [] as number[] };
for (let i = 0; i < RUNS; i++) {
  // Interleaved so drift in the machine's load hits all three alike.
  timings.floor.push(time(floor, stream));
  timings.translate.push(time(translate, stream));
  timings.naive.push(time(naiveFloor, stream));
}
const t = {
  floor: median(timings.floor),
  naive: median(timings.naive),
  translate: median(timings.translate),
};
const rate = (s: number) => `${(mb / s).toFixed(1)} MiB/s`;
console.log(
  `floor (split + JSON.parse):        ${rate(t.floor)}  (${(t.floor * 1000).toFixed(0)} ms, median of ${RUNS})`,
);
console.log(
  `naive floor (one decode + split):  ${rate(t.naive)}  (${(t.naive * 1000).toFixed(0)} ms)`,
);
console.log(
  `translator (split + parse + translate): ${rate(t.translate)}  (${(t.translate * 1000).toFixed(0)} ms)`,
);
const TARGET_RATIO = 1.15;
const ratio = t.translate / t.floor;
console.log(
  `ratio translator/floor: ${ratio.toFixed(3)}× (target ≤ ${TARGET_RATIO}×) ${ratio <= TARGET_RATIO ? 'OK' : 'OVER TARGET'}`,
);
console.log(`ratio translator/naive floor: ${(t.translate / t.naive).toFixed(3)}×`);
