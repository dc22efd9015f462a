import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { chromiumPath, quietChromium } from '../playwright.config';
import { workspaceStateSchema } from '../src/shared/workspace-state';
import { Host } from '../src/main/host/host';
import { JsonFile } from '../src/main/host/json-file';
import { startWebServer } from '../src/main/host/web-server';
import { contentChunks } from './terminal/content';

// `npm run bench:terminal [-- --mb 50 --rounds 5 --high N --low N]`: throughput of `cat` of a big
// file through pty → host → WebSocket → xterm, against writing the same bytes straight into an
// xterm in the same page (the xterm parse ceiling). Target: at least 0.7 of the ceiling. Then the
// same `cat` without xterm (what the transport alone carries) and what the flow-control window
// costs: how soon Ctrl+C during `yes` shows the prompt again.

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '50' },
    // The pipeline's rounds vary by a fifth on 2 shared cores; five give a steadier best.
    rounds: { type: 'string', default: '5' },
    // Flow-control watermarks to try instead of the defaults, in bytes.
    high: { type: 'string' },
    low: { type: 'string' },
  },
});
const totalBytes = Math.round(Number(values.mb) * 1_000_000);
const rounds = Number(values.rounds);

interface Result {
  renderer: string;
  seconds: number;
}

async function writeContent(path: string): Promise<number> {
  const out = createWriteStream(path);
  for (const chunk of contentChunks(totalBytes, '\n')) {
    if (!out.write(chunk)) await new Promise<void>((done) => out.once('drain', () => done()));
  }
  await new Promise<void>((done) => out.end(() => done()));
  return (await stat(path)).size;
}

async function main(): Promise<void> {
  const root = resolve(__dirname, '..');
  await build({ configFile: join(root, 'bench/terminal/vite.config.mts') });
  const dir = await mkdtemp(join(tmpdir(), 'terminal-bench-'));
  const file = join(dir, 'output.txt');
  const bytes = await writeContent(file);

  const host = new Host({
    workspaceDir: dir,
    shell: { file: '/bin/sh', args: [] },
    env: { PATH: process.env['PATH'], HOME: dir, PS1: '$ ' },
    workspace: new JsonFile(join(dir, 'workspace.json'), workspaceStateSchema),
    ...(values.high && values.low
      ? { watermarks: { high: Number(values.high), low: Number(values.low) } }
      : {}),
  });
  const server = await startWebServer({ host, rendererDir: join(root, 'out/bench-terminal') });
  // The terminal picks its renderer as in the app: WebGL only where a GPU draws it.
  const browser = await chromium.launch({ executablePath: chromiumPath, args: quietChromium });
  try {
    const page = await browser.newPage({ viewport: { width: 1940, height: 660 } });
    page.on('pageerror', (error) => console.error(`bench page: ${error.message}`));
    await page.goto(server.url);
    await page.waitForFunction(() => 'terminalBench' in window);

    const ceiling: Result[] = [];
    const pipeline: Result[] = [];
    const transport: Result[] = [];
    const interrupts: number[] = [];
    for (let round = 0; round < rounds; round++) {
      ceiling.push(await page.evaluate((size) => window.terminalBench.ceiling(size), totalBytes));
      pipeline.push(
        await page.evaluate(([path, run]) => window.terminalBench.pipeline(path, run), [
          file,
          round,
        ] as const),
      );
      transport.push(
        await page.evaluate(([path, run]) => window.terminalBench.transport(path, run), [
          file,
          round,
        ] as const),
      );
      interrupts.push(await page.evaluate((run) => window.terminalBench.interrupt(run), round));
    }
    const rates = (results: Result[]) => results.map((r) => bytes / 1e6 / r.seconds);
    const show = (results: Result[]) => {
      const all = rates(results);
      return `${Math.max(...all).toFixed(1)} MB/s  (rounds: ${all.map((r) => r.toFixed(1)).join(', ')})`;
    };
    const ceilingRate = Math.max(...rates(ceiling));
    const pipelineRate = Math.max(...rates(pipeline));
    console.log(
      `terminal bench: ${(bytes / 1e6).toFixed(1)} MB, ${rounds} round(s), best of each; xterm renderer: ${ceiling[0]!.renderer}`,
    );
    console.log(`  xterm parse ceiling (bytes straight into xterm):  ${show(ceiling)}`);
    console.log(`  pipeline (cat → pty → host → WebSocket → xterm): ${show(pipeline)}`);
    console.log(`  ratio: ${(pipelineRate / ceilingRate).toFixed(2)} (target ≥ 0.70)`);
    console.log(`  transport alone (acknowledged on arrival, no xterm): ${show(transport)}`);
    console.log(
      `  Ctrl+C after 1 s of \`yes\`: prompt back in ${interrupts.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
  } finally {
    await browser.close();
    await host.dispose();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(`terminal bench failed: ${error.message}`);
  process.exit(1);
});
