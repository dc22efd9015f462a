import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PerformanceObserver } from 'node:perf_hooks';
import { workspaceStateSchema } from '../../src/shared/workspace-state';
import { Host } from '../../src/main/host/host';
import { JsonFile } from '../../src/main/host/json-file';
import { startWebServer } from '../../src/main/web/web-server';
import { catIntoBareReader } from '../support/bare-reader';
import { writeContentFile } from '../support/content-file';
import { median } from '../support/stats';

// The host's own CPU per MB of terminal output, against a bare node-pty reader's, without a
// browser: `cat` of a file through a TerminalSession, the host's contract and a WebSocket to a
// client in another process that acknowledges each frame as a viewer parsing at `--rate` MB/s
// would. Rounds alternate with the bare reader's, since other work shares the machine.
//   npx tsx bench/terminal/host-cpu.ts [--mb 50] [--rounds 5] [--rate 25]

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '5' },
    rate: { type: 'string', default: '25' },
  },
});
const totalBytes = Math.round(Number(values.mb) * 1_000_000);

// The garbage collector's pauses, which a profile of the host puts first after node-pty's reads.
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

/** Milliseconds of this process's CPU while `run` goes, and of its garbage collector's pauses. */
async function cpuOf(run: () => Promise<unknown>): Promise<{ cpu: number; gc: number }> {
  const before = process.cpuUsage();
  const gcBefore = gcMs;
  await run();
  const used = process.cpuUsage(before);
  return { cpu: (used.user + used.system) / 1000, gc: gcMs - gcBefore };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'host-cpu-'));
  const file = join(dir, 'output.txt');
  const megabytes = (await writeContentFile(file, totalBytes)) / 1e6;
  const host = new Host({
    workspaceDir: dir,
    shell: { file: '/bin/sh', args: [] },
    env: { PATH: process.env['PATH'], HOME: dir, PS1: '$ ' },
    shellIntegration: false,
    workspace: new JsonFile(join(dir, 'workspace.json'), workspaceStateSchema),
  });
  const server = await startWebServer({ host, rendererDir: dir, log: () => undefined });
  const client = fork(join(__dirname, 'host-cpu-client.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, URL: server.url, FILE: file, RATE: values.rate },
  });
  const next = () =>
    new Promise<{ frames: number }>((done) => client.once('message', (m) => done(m as never)));
  await next();
  const reader: number[] = [];
  const own: number[] = [];
  const gc: number[] = [];
  const frames: number[] = [];
  try {
    for (let round = 0; round < Number(values.rounds); round++) {
      reader.push((await cpuOf(() => catIntoBareReader(file))).cpu / megabytes);
      let result = { frames: 0 };
      const host = await cpuOf(async () => {
        client.send(round);
        result = await next();
      });
      own.push(host.cpu / megabytes);
      gc.push(host.gc / megabytes);
      frames.push(result.frames);
    }
  } finally {
    client.kill();
    await host.dispose();
    await server.dispose();
    await rm(dir, { recursive: true, force: true });
  }
  const list = (all: number[]) => all.map((ms) => ms.toFixed(1)).join(', ');
  console.log(
    `${megabytes.toFixed(0)} MB at ${values.rate} MB/s: the host's own ${list(own)} ms per MB (its GC ${list(gc)}); the reader's ${list(reader)}; frames ${frames.join(', ')} → ${(median(own) / median(reader)).toFixed(2)}×`,
  );
}

void main();
