/**
 * `npm run bench:library [-- --sessions 2000 --mb 500]`: the session library's index at real sizes.
 *
 * Generates a synthetic `~/.claude/projects` in a temp dir: every session starts with the lines of
 * a transcript written by the real CLI (test/conformance/recordings/on-disk), under its own id and
 * project folder, and goes on with turns shaped like the CLI's (prompt, reply, tool call, tool
 * output) whose words come from a Zipf-distributed vocabulary, as prose and code do. Then reports,
 * side by side with the floor (reading and JSON-parsing the same files):
 *   first build (MB/s, ratio to the floor, the longest the event loop waited meanwhile),
 *   incremental update after one session grows, library open time cold and warm (target < 300 ms
 *   at 10,000 sessions), query latency p50/p95 over 20 queries (target p95 < 100 ms), index size, memory.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  appendFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { SessionLibrary } from '../src/main/library/index/session-library';
import { percentile } from './support/stats';

const { values: flags } = parseArgs({
  options: {
    sessions: { type: 'string', default: '2000' },
    mb: { type: 'string', default: '500' },
  },
});
const SESSIONS = Number(flags.sessions);
const TARGET_BYTES = Number(flags.mb) * 1024 * 1024;
const PROJECTS = Math.max(1, Math.round(SESSIONS / 40));

// A seeded generator, so two runs index the same data.
let seed = 0x9e3779b9;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const uuid = () =>
  'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, () =>
    Math.floor(random() * 16).toString(16),
  );

const SYLLABLES = 'ka lo mi ne ru sa te vo zu pa qui dre sto flo gra bin cor del fen har'.split(
  ' ',
);
const VOCABULARY = Array.from({ length: 40_000 }, (_, i) => {
  let word = '';
  for (let n = 2 + (i % 3); n > 0; n--) word += pick(SYLLABLES);
  return `${word}${i % 7 === 0 ? i : ''}`;
});
// Zipf (s = 1): the rank-r word is drawn with probability ∝ 1/r.
const CUMULATIVE = (() => {
  const weights = VOCABULARY.map((_, r) => 1 / (r + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  return weights.map((w) => (sum += w / total));
})();
function word(): string {
  const x = random();
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return VOCABULARY[lo]!;
}
const words = (n: number) => Array.from({ length: n }, word).join(' ');
const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo));

function fixtures(): string[] {
  const dir = join(__dirname, '..', 'test', 'conformance', 'recordings', 'on-disk');
  const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  if (files.length === 0) throw new Error(`no recordings in ${dir}`);
  return files.map((f) => readFileSync(join(dir, f), 'utf8'));
}

/** One turn as the CLI writes it: prompt, reply with a tool call, the tool's output, final reply. */
function turn(sessionId: string, cwd: string, at: number): string {
  const common = {
    isSidechain: false,
    userType: 'external',
    entrypoint: 'cli',
    cwd,
    sessionId,
    version: '2.1.332',
    gitBranch: 'main',
  };
  const stamp = new Date(at).toISOString();
  const entry = (type: string, message: unknown, extra: object = {}) => ({
    parentUuid: uuid(),
    ...common,
    type,
    message,
    uuid: uuid(),
    timestamp: stamp,
    ...extra,
  });
  const reply = (id: string, content: unknown[], stopReason: string | null) => ({
    id,
    type: 'message',
    role: 'assistant',
    model: 'claude-opus-5-5',
    content,
    stop_reason: stopReason,
    usage: { input_tokens: 120, output_tokens: 80 },
  });
  const msg = `msg_${uuid()}`;
  const tool = `toolu_${uuid()}`;
  const entries = [
    entry('user', { role: 'user', content: words(between(10, 80)) }),
    entry('assistant', reply(msg, [{ type: 'text', text: words(between(20, 300)) }], null)),
    entry(
      'assistant',
      reply(
        msg,
        [
          {
            type: 'tool_use',
            id: tool,
            name: 'Bash',
            input: { command: `grep -rn ${word()} src/${word()}`, description: words(6) },
          },
        ],
        'tool_use',
      ),
    ),
    entry(
      'user',
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: tool,
            content: words(between(50, 1500)),
            is_error: false,
          },
        ],
      },
      { toolUseResult: { stdout: '', stderr: '', interrupted: false } },
    ),
    entry(
      'assistant',
      reply(`msg_${uuid()}`, [{ type: 'text', text: words(between(20, 200)) }], 'end_turn'),
    ),
  ];
  return entries.map((e) => `${JSON.stringify(e)}\n`).join('');
}

function generate(claudeDir: string): { files: string[]; bytes: number } {
  const recorded = fixtures();
  const files: string[] = [];
  let bytes = 0;
  const perSession = TARGET_BYTES / SESSIONS;
  let at = Date.parse('2025-01-01T00:00:00Z');
  for (let i = 0; i < SESSIONS; i++) {
    const cwd = `/home/dev/project-${i % PROJECTS}`;
    const sessionId = uuid();
    const base = recorded[i % recorded.length]!;
    const oldId = /"sessionId":"([^"]+)"/.exec(base)?.[1] ?? '';
    const oldCwd = /"cwd":"([^"]+)"/.exec(base)?.[1] ?? '';
    const parts = [base.split(oldId).join(sessionId).split(oldCwd).join(cwd)];
    let size = Buffer.byteLength(parts[0]!);
    const target = perSession * (0.3 + 1.4 * random());
    do {
      at += between(1_000, 60_000);
      const t = turn(sessionId, cwd, at);
      parts.push(t);
      size += Buffer.byteLength(t);
    } while (size < target);
    const dir = join(claudeDir, 'projects', cwd.replace(/\//g, '-'));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${sessionId}.jsonl`);
    writeFileSync(file, parts.join(''));
    files.push(file);
    bytes += size;
  }
  return { files, bytes };
}

/** The floor: read every file, split it into lines, JSON.parse each. */
function floor(files: string[]): number {
  let parsed = 0;
  for (const file of files)
    for (const line of readFileSync(file, 'utf8').split('\n'))
      if (line && JSON.parse(line) !== null) parsed++;
  return parsed;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'tether-library-bench-'));
  try {
    const claudeDir = join(root, '.claude');
    const indexDir = join(root, 'index');
    let start = performance.now();
    const { files, bytes } = generate(claudeDir);
    console.log(
      `data: ${SESSIONS} sessions in ${PROJECTS} projects, ${mib(bytes)} (generated in ${((performance.now() - start) / 1000).toFixed(1)} s)`,
    );

    start = performance.now();
    const lines = floor(files);
    const floorS = (performance.now() - start) / 1000;
    const rate = (s: number) => `${(bytes / 1024 / 1024 / s).toFixed(1)} MiB/s`;
    console.log(
      `floor (read + split + JSON.parse): ${rate(floorS)}  (${floorS.toFixed(1)} s, ${lines} lines)`,
    );

    const log = (m: string) => console.log(`  log: ${m}`);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let library = new SessionLibrary({ claudeDir, indexDir, log, watch: false });
    delay.enable();
    start = performance.now();
    await library.start();
    const buildS = (performance.now() - start) / 1000;
    delay.disable();
    const memory = process.memoryUsage();
    console.log(
      `first build: ${rate(buildS)}  (${buildS.toFixed(1)} s; ${(buildS / floorS).toFixed(1)}× the floor's time)`,
    );
    console.log(
      `  event loop meanwhile: longest wait ${ms(delay.max / 1e6)}, p99 ${ms(delay.percentile(99) / 1e6)} (the host answers in between)`,
    );
    console.log(
      `memory after build: rss ${mib(memory.rss)}, heap ${mib(memory.heapUsed)}, external+wasm ${mib(memory.external)}, peak rss ${mib(process.resourceUsage().maxRSS * 1024)}`,
    );
    const indexBytes = readdirSync(indexDir).reduce(
      (sum, f) => sum + statSync(join(indexDir, f)).size,
      0,
    );
    console.log(
      `index size: ${mib(indexBytes)} (${((indexBytes / bytes) * 100).toFixed(1)}% of the transcripts)`,
    );

    const grown = files[Math.floor(files.length / 2)]!;
    const added = turn('grown', '/home/dev/project-0', Date.now());
    appendFileSync(grown, added);
    let readBytes = 0;
    library.onProgress((p) => (readBytes = p.bytesRead));
    start = performance.now();
    await library.rescan();
    console.log(
      `incremental update (one session grew by ${(Buffer.byteLength(added) / 1024).toFixed(1)} KiB): ${ms(performance.now() - start)} (stat of ${files.length} files included; ${readBytes} bytes read)`,
    );
    start = performance.now();
    await library.rescan();
    console.log(`rescan with nothing changed: ${ms(performance.now() - start)}`);
    await library.dispose();

    start = performance.now();
    library = new SessionLibrary({ claudeDir, indexDir, log, watch: false });
    const listed = library.list().length;
    library.projects();
    const openMs = performance.now() - start;
    console.log(
      `library open, cold (open the index + list ${listed} sessions + projects): ${ms(openMs)} (target < 300 ms at 10,000 sessions)`,
    );
    start = performance.now();
    library.list();
    library.projects();
    console.log(
      `library open, warm (list + projects; the host opens an index an earlier run left 3 s after it starts): ${ms(performance.now() - start)}`,
    );

    // Words across the frequency range, as people type them: common, middling, rare, prefixes, pairs.
    const queries = [
      ...[3, 10, 30, 100].map((r) => VOCABULARY[r]!),
      ...[300, 1000, 2000, 5000, 8000].map((r) => VOCABULARY[r]!),
      ...[15_000, 25_000, 35_000, 39_000].map((r) => VOCABULARY[r]!),
      // Prefixes of three to five letters, as a search as you type sends them.
      ...[50, 700, 4000].map((r, i) => VOCABULARY[r]!.slice(0, 3 + i)),
      `${VOCABULARY[20]} ${VOCABULARY[400]}`,
      `${VOCABULARY[1500]} ${VOCABULARY[3000]}`,
      'grep',
      'nothingmatchesthis',
    ];
    const times: number[] = [];
    const counts: number[] = [];
    for (const query of queries) {
      start = performance.now();
      counts.push((await library.search(query)).length);
      times.push(performance.now() - start);
    }
    const slowest = times.indexOf(Math.max(...times));
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `query latency over ${queries.length} queries: p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))} (target < 100 ms), slowest "${queries[slowest]}" ${ms(times[slowest]!)}; hits per query ${Math.min(...counts)}–${Math.max(...counts)} (50 max)`,
    );
    start = performance.now();
    library.list({ project: '/home/dev/project-1' });
    console.log(`list one project: ${ms(performance.now() - start)}`);
    await library.dispose();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench:library failed: ${(error as Error).message}`);
  process.exit(1);
});
