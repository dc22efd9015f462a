/**
 * Records conformance transcripts: runs the real `claude` CLI (pinned dev dependency) headless
 * against the fake Messages API, drives it per scenario, and saves its stdout bytes exactly as
 * received.
 *
 *   npm run record                 # all scenarios
 *   npm run record -- plain-text   # only the named ones
 *
 * Output: test/conformance/recordings/<name>.jsonl (stdout bytes), recordings/stdin/<name>.jsonl
 * (what the driver wrote to stdin), recordings/on-disk/<name>.jsonl (the session file the CLI
 * wrote under ~/.claude/projects, with its subagents' files in on-disk/<name>/) and
 * recordings/manifest.json (CLI version, one entry per scenario). `recordScenario` is exported so
 * a test can record live into a temp dir.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLAUDE_ARGS, CLAUDE_BIN, claudeEnv, claudePackageVersion } from '../support/claude-cli';
import { lastUserText, startFakeAnthropic, type MessagesCall } from '../support/fake-anthropic';
import {
  SCENARIOS,
  scenarioByName,
  type CanUseToolRequest,
  type Frame,
  type Scenario,
} from './scenarios';

export const RECORDINGS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'recordings');

export interface RecordOptions {
  /** Hard limit for the whole run; the child is killed when it is reached. Default 60 s. */
  timeoutMs?: number;
  /** The CLI binary (default: the pinned dev dependency). */
  cliBin?: string;
  /** Also write what was sent to stdin to this file. */
  stdinFile?: string;
  /** Progress and diagnostics (default: none). */
  log?: (line: string) => void;
  /** Keep the throwaway HOME and cwd (for debugging); their paths are in the result. */
  keepTemp?: boolean;
}

/** A file the CLI wrote into the run's project folder (`~/.claude/projects/<encoded cwd>/`). */
export interface SessionFile {
  /** Relative to the project folder, `/`-separated: `<session-id>.jsonl`, `<session-id>/subagents/…`. */
  path: string;
  bytes: Buffer;
}

export interface RecordResult {
  outFile: string;
  /** The CLI's stdout, exactly as received. */
  stdout: Buffer;
  /** The session's transcript as the CLI keeps it on disk (its own format, not stdout's). */
  sessionFiles: SessionFile[];
  /** The session ids the CLI announced on stdout (`system/init`), in order: a fork adds one. */
  sessionIds: string[];
  frames: Frame[];
  /** What the driver wrote to stdin, one JSON object a line. */
  sent: string[];
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  calls: MessagesCall[];
  /** Requests the fake answered 404 or failed on. */
  unexpected: string[];
  /** Every request the fake received other than `POST /v1/messages` (method and URL). */
  otherRequests: string[];
  /** The scenario's check: empty when the transcript shows what it should. */
  problems: string[];
  home: string;
  cwd: string;
  durationMs: number;
}

/** Splits a byte stream into lines at `\n` without decoding partial UTF-8 sequences. */
class ByteLines {
  private pending: Buffer = Buffer.alloc(0);
  push(chunk: Buffer): string[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const lines: string[] = [];
    let start = 0;
    let nl: number;
    while ((nl = this.pending.indexOf(0x0a, start)) !== -1) {
      lines.push(this.pending.subarray(start, nl).toString('utf8').replace(/\r$/, ''));
      start = nl + 1;
    }
    this.pending = this.pending.subarray(start);
    return lines;
  }
  rest(): string {
    return this.pending.toString('utf8');
  }
}

/**
 * Every file under the project folders of `home`'s `.claude/projects`, except the (empty) memory
 * folder the CLI creates there.
 */
function readSessionFiles(home: string): SessionFile[] {
  const projects = path.join(home, '.claude', 'projects');
  const files: SessionFile[] = [];
  const walk = (dir: string, rel: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relPath);
      else if (entry.isFile()) {
        files.push({ path: relPath, bytes: fs.readFileSync(path.join(dir, entry.name)) });
      }
    }
  };
  if (!fs.existsSync(projects)) return files;
  for (const project of fs.readdirSync(projects, { withFileTypes: true })) {
    if (project.isDirectory()) walk(path.join(projects, project.name), '');
  }
  return files
    .filter((f) => !f.path.startsWith('memory/'))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** The session ids the CLI announced (`system/init`), in order, each once. */
function sessionIdsOf(frames: Frame[]): string[] {
  const ids: string[] = [];
  for (const f of frames) {
    if (f.type !== 'system' || f.subtype !== 'init' || typeof f.session_id !== 'string') continue;
    if (!ids.includes(f.session_id)) ids.push(f.session_id);
  }
  return ids;
}

const sessionIdOf = (frames: Frame[]): string | null => sessionIdsOf(frames).at(-1) ?? null;

/** Problems with what the CLI wrote to disk: one session file per announced session id. */
function sessionFileProblems(files: SessionFile[], sessionIds: string[]): string[] {
  const found = files
    .filter((f) => !f.path.includes('/') && f.path.endsWith('.jsonl'))
    .map((f) => f.path)
    .sort();
  const wanted = sessionIds.map((id) => `${id}.jsonl`).sort();
  return JSON.stringify(found) === JSON.stringify(wanted)
    ? []
    : [`session files on disk ${found.join(', ') || 'none'}, expected ${wanted.join(', ')}`];
}

function parseLine(line: string): Frame {
  try {
    const v: unknown = JSON.parse(line);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Frame;
  } catch {
    // fall through
  }
  return { type: '<malformed>', line };
}

const userMessage = (content: string) => ({
  type: 'user',
  message: { role: 'user', content },
  parent_tool_use_id: null,
  session_id: '',
});

/** What the CLI processes of one scenario printed and were sent, in order. */
interface Recording {
  chunks: Buffer[];
  frames: Frame[];
  sent: string[];
  stderr: string;
  /** Permission requests answered so far (a scenario's answers count across processes). */
  permissions: number;
}

interface Drive {
  scenario: Scenario;
  bin: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  log: (line: string) => void;
}

/** One CLI process of a scenario: its extra args, what it is sent, how many results it owes. */
interface ProcessRun {
  args: string[];
  turns: string[];
  resultsWanted: number;
  interrupt?: Scenario['interrupt'];
}

/**
 * Runs one CLI process to its exit: sends the turns, answers its permission requests, interrupts
 * when the scenario says, and closes stdin after the last expected result. Appends what it
 * printed and what it was sent to `recording`.
 */
async function driveProcess(
  drive: Drive,
  recording: Recording,
  unexpected: () => string,
  run: ProcessRun,
): Promise<{
  code: number | null;
  signal: NodeJS.Signals | null;
  results: number;
  resultsWanted: number;
}> {
  const { scenario, log } = drive;
  const child = spawn(drive.bin, [...CLAUDE_ARGS, ...run.args], {
    cwd: drive.cwd,
    env: drive.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const { frames, sent } = recording;
  const lines = new ByteLines();
  const firstFrame = frames.length;
  let results = 0;
  let interruptSent = false;
  let stdinOpen = true;

  const send = (o: unknown): void => {
    if (!stdinOpen) {
      log(`${scenario.name}: stdin closed, not sending ${JSON.stringify(o).slice(0, 120)}`);
      return;
    }
    const line = JSON.stringify(o);
    sent.push(line);
    child.stdin.write(line + '\n');
  };
  const closeStdin = (): void => {
    if (stdinOpen) {
      stdinOpen = false;
      child.stdin.end();
    }
  };
  child.stdin.on('error', (err) => log(`${scenario.name}: stdin error: ${String(err)}`));

  const onFrame = (f: Frame): void => {
    if (
      run.interrupt &&
      !interruptSent &&
      results === run.interrupt.turn &&
      run.interrupt.when(f)
    ) {
      interruptSent = true;
      const line = run.interrupt.line?.(f);
      if (line) {
        log(`${scenario.name}: ${String(line.type)} mid-turn`);
        send(line);
      } else {
        const request = run.interrupt.request?.(f) ?? { subtype: 'interrupt' };
        log(`${scenario.name}: ${String(request.subtype)}`);
        send({
          type: 'control_request',
          request_id: `rec_${String(request.subtype)}_${scenario.name}`,
          request,
        });
      }
    }
    if (f.type === 'control_request') {
      const request = (f.request ?? {}) as Record<string, unknown>;
      const requestId = String(f.request_id);
      if (request.subtype === 'can_use_tool') {
        const req = { ...request, request_id: requestId } as unknown as CanUseToolRequest;
        const answer = scenario.permission?.(req, recording.permissions++) ?? { behavior: 'allow' };
        log(`${scenario.name}: ${answer.behavior} ${req.tool_name}`);
        if (answer.behavior === 'unanswered') return;
        const response =
          answer.behavior === 'allow'
            ? { behavior: 'allow', updatedInput: req.input }
            : {
                behavior: 'deny',
                message: answer.message,
                ...(answer.interrupt ? { interrupt: true } : {}),
              };
        send({
          type: 'control_response',
          response: { subtype: 'success', request_id: requestId, response },
        });
      } else if (request.subtype === 'elicitation' && scenario.elicitation) {
        const response = scenario.elicitation(request);
        log(`${scenario.name}: elicitation ${String(response.action)}`);
        send({
          type: 'control_response',
          response: { subtype: 'success', request_id: requestId, response },
        });
      } else {
        send({
          type: 'control_response',
          response: {
            subtype: 'error',
            request_id: requestId,
            error: `Unsupported control request subtype: ${String(request.subtype)}`,
          },
        });
      }
      return;
    }
    if (f.type === 'result') {
      results++;
      log(`${scenario.name}: result ${results}/${run.resultsWanted} ${String(f.subtype)}`);
      if (results < run.turns.length) send(userMessage(run.turns[results] as string));
      else if (results >= run.resultsWanted) closeStdin();
    }
  };

  child.stdout.on('data', (chunk: Buffer) => {
    recording.chunks.push(chunk);
    for (const line of lines.push(chunk)) {
      if (line.length === 0) continue;
      const f = parseLine(line);
      frames.push(f);
      onFrame(f);
    }
  });
  child.stderr.on('data', (d: Buffer) => {
    recording.stderr += d.toString('utf8');
  });

  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        const tail = frames
          .slice(Math.max(firstFrame, frames.length - 6))
          .map((f) => '  ' + JSON.stringify(f).slice(0, 200))
          .join('\n');
        reject(
          new Error(
            `recordScenario(${scenario.name}): timed out after ${drive.timeoutMs} ms and killed the CLI ` +
              `(results ${results}/${run.resultsWanted}, ${frames.length - firstFrame} frames).\n` +
              `Last frames:\n${tail}\nstderr: ${recording.stderr.slice(-1000)}\n` +
              `unexpected requests: ${unexpected()}`,
          ),
        );
      }, drive.timeoutMs);
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(
          new Error(`recordScenario(${scenario.name}): cannot start ${drive.bin}: ${err.message}`),
        );
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal });
      });
      send(userMessage(run.turns[0] as string));
    },
  );
  const rest = lines.rest();
  if (rest.length > 0) frames.push(parseLine(rest));
  return { ...exit, results, resultsWanted: run.resultsWanted };
}

/**
 * Runs one scenario against the real CLI and writes its stdout bytes to `outFile`.
 * Rejects on timeout (after killing the child) or when the child cannot start; a transcript
 * that does not show what the scenario is about is reported in `problems`, not thrown.
 */
export async function recordScenario(
  scenario: Scenario,
  outFile: string,
  opts: RecordOptions = {},
): Promise<RecordResult> {
  const log = opts.log ?? (() => {});
  const timeoutMs = opts.timeoutMs ?? scenario.timeoutMs ?? 60_000;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), `tether-rec-home-${scenario.name}-`));
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), `tether-rec-cwd-${scenario.name}-`));
  const unexpectedLog: string[] = [];
  const handler = scenario.api({ cwd });
  const fake = await startFakeAnthropic(
    async (call) => {
      const reply = await handler(call);
      const last = lastUserText(call.body).replace(/\s+/g, ' ');
      log(
        `${scenario.name}: API call ${call.index} model=${call.body.model} stream=${String(call.body.stream)} ` +
          `messages=${call.body.messages.length} last="${last.slice(-80)}" -> ${reply.kind}`,
      );
      return reply;
    },
    {
      log: (l) => {
        unexpectedLog.push(l);
        log(l);
      },
    },
  );
  const started = Date.now();
  try {
    scenario.setup?.(cwd);
    const bin = opts.cliBin ?? CLAUDE_BIN;
    const recording: Recording = { chunks: [], frames: [], sent: [], stderr: '', permissions: 0 };
    const drive = { scenario, bin, cwd, env: claudeEnv(home, fake.url), timeoutMs, log };
    const unexpected = () => unexpectedLog.join('; ');
    const first = await driveProcess(drive, recording, unexpected, {
      args: scenario.args ?? [],
      turns: scenario.turns,
      resultsWanted: scenario.results ?? scenario.turns.length,
      interrupt: scenario.interrupt,
    });
    const runs = [first];
    if (scenario.resume) {
      const resumed = sessionIdOf(recording.frames);
      runs.push(
        await driveProcess(drive, recording, unexpected, {
          args: [
            '--resume',
            resumed ?? '',
            ...(scenario.resume.fork ? ['--fork-session'] : []),
            ...(scenario.args ?? []),
          ],
          turns: scenario.resume.turns,
          resultsWanted: scenario.resume.turns.length,
        }),
      );
    }
    const { chunks, frames, sent, stderr } = recording;
    const exit = runs.at(-1)!;

    const stdout = Buffer.concat(chunks);
    fs.mkdirSync(path.dirname(outFile), { recursive: true });
    fs.writeFileSync(outFile, stdout);
    if (opts.stdinFile) {
      fs.mkdirSync(path.dirname(opts.stdinFile), { recursive: true });
      fs.writeFileSync(opts.stdinFile, sent.map((l) => l + '\n').join(''));
    }

    const sessionFiles = readSessionFiles(home);
    const sessionIds = sessionIdsOf(frames);
    const problems: string[] = [...sessionFileProblems(sessionFiles, sessionIds)];
    const wantCode = scenario.exitCode ?? 0;
    if (exit.code !== wantCode) {
      problems.push(
        `CLI exited with code ${exit.code} (signal ${exit.signal}), expected ${wantCode}`,
      );
    }
    for (const run of runs) {
      if (run.results < run.resultsWanted) {
        problems.push(`only ${run.results}/${run.resultsWanted} results`);
      }
      if (run !== exit && run.code !== 0)
        problems.push(`the first CLI exited with code ${run.code}`);
    }
    if (fake.unexpected.length > 0)
      problems.push(`unexpected requests: ${unexpectedLog.join('; ')}`);
    if (scenario.check) {
      problems.push(
        ...scenario.check({
          frames,
          cwd,
          calls: fake.calls,
          sent: sent.map((l) => JSON.parse(l) as Frame),
          file: (rel) => {
            try {
              return fs.readFileSync(path.join(cwd, rel), 'utf8');
            } catch {
              return undefined;
            }
          },
        }),
      );
    }
    return {
      outFile,
      stdout,
      sessionFiles,
      sessionIds,
      frames,
      sent,
      stderr,
      exitCode: exit.code,
      signal: exit.signal,
      calls: fake.calls,
      unexpected: unexpectedLog,
      otherRequests: fake.requests
        .filter((r) => !(r.method === 'POST' && r.path === '/v1/messages'))
        .map((r) => `${r.method} ${r.url}`),
      problems,
      home,
      cwd,
      durationMs: Date.now() - started,
    };
  } finally {
    await fake.close();
    if (!opts.keepTemp) {
      fs.rmSync(home, { recursive: true, force: true });
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  }
}

interface Manifest {
  cli_version: string;
  note: string;
  scenarios: Record<
    string,
    {
      description: string;
      recorded_at: string;
      lines: number;
      bytes: number;
      api_calls: number;
      /** The session's files under `on-disk/`. */
      on_disk: string[];
    }
  >;
}

const MANIFEST_NOTE =
  'Generated by `npm run record`; <name>.jsonl is the CLI stdout, stdin/<name>.jsonl what the driver sent, ' +
  'on-disk/<name>.jsonl the session file the CLI wrote (on-disk/<name>/subagents/ its subagents, ' +
  'on-disk/<name>/earlier/ the session a fork started from).';

/**
 * Saves the session files under `on-disk/`, each session id in their names replaced: the session
 * the run ended in becomes the scenario's (`<id>.jsonl` → `<name>.jsonl`, `<id>/subagents/…` →
 * `<name>/subagents/…`), a session before it (the one a fork started from) `<name>/earlier/<n>`.
 * What an earlier recording of the scenario left is removed first (subagent file names change
 * each run). Returns the saved paths relative to `on-disk/`.
 */
function saveSessionFiles(name: string, sessionIds: string[], files: SessionFile[]): string[] {
  const dir = path.join(RECORDINGS_DIR, 'on-disk');
  fs.rmSync(path.join(dir, `${name}.jsonl`), { force: true });
  fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  const renamed = (file: string): string => {
    const index = sessionIds.findIndex((id) => file.startsWith(id));
    if (index === -1) return `${name}/${file}`;
    const rest = file.slice(sessionIds[index]!.length);
    return index === sessionIds.length - 1 ? name + rest : `${name}/earlier/${index + 1}${rest}`;
  };
  const saved: string[] = [];
  for (const file of files) {
    const rel = renamed(file.path);
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), file.bytes);
    saved.push(rel);
  }
  return saved;
}

async function main(argv: string[]): Promise<number> {
  const names = argv.filter((a) => !a.startsWith('-'));
  const keepTemp = argv.includes('--keep');
  const unknown = names.filter((n) => !scenarioByName(n));
  if (unknown.length > 0) {
    console.error(`unknown scenario(s): ${unknown.join(', ')}`);
    console.error(`known: ${SCENARIOS.map((s) => s.name).join(', ')}`);
    return 2;
  }
  const chosen = names.length > 0 ? names.map((n) => scenarioByName(n) as Scenario) : SCENARIOS;
  const version = claudePackageVersion();
  const manifestFile = path.join(RECORDINGS_DIR, 'manifest.json');
  let manifest: Manifest = { cli_version: version, note: MANIFEST_NOTE, scenarios: {} };
  if (fs.existsSync(manifestFile)) {
    manifest = { ...manifest, ...(JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) };
    manifest.note = MANIFEST_NOTE;
  }
  if (manifest.cli_version !== version) {
    console.error(
      `note: manifest says CLI ${manifest.cli_version}, recording with ${version}; re-record all scenarios`,
    );
    manifest.cli_version = version;
  }

  let failed = 0;
  for (const s of chosen) {
    const outFile = path.join(RECORDINGS_DIR, `${s.name}.jsonl`);
    try {
      const r = await recordScenario(s, outFile, {
        stdinFile: path.join(RECORDINGS_DIR, 'stdin', `${s.name}.jsonl`),
        keepTemp,
        log: process.env.RECORD_VERBOSE ? (l) => console.error(l) : undefined,
      });
      const status = r.problems.length === 0 ? 'ok  ' : 'FAIL';
      console.log(
        `${status} ${s.name.padEnd(20)} ${String(r.frames.length).padStart(4)} lines ` +
          `${String(r.stdout.length).padStart(7)} bytes ${r.calls.length} API calls ${r.durationMs} ms`,
      );
      for (const p of r.problems) console.log(`       - ${p}`);
      if (keepTemp) console.log(`       home ${r.home} cwd ${r.cwd}`);
      if (r.problems.length > 0) {
        failed++;
        if (r.stderr.trim()) console.log(`       stderr: ${r.stderr.trim().slice(-800)}`);
      }
      manifest.scenarios[s.name] = {
        description: s.description,
        recorded_at: new Date().toISOString(),
        lines: r.frames.length,
        bytes: r.stdout.length,
        api_calls: r.calls.length,
        on_disk: saveSessionFiles(s.name, r.sessionIds, r.sessionFiles),
      };
    } catch (err) {
      failed++;
      console.log(`FAIL ${s.name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const sorted = Object.fromEntries(
    Object.entries(manifest.scenarios).sort(([a], [b]) => a.localeCompare(b)),
  );
  fs.mkdirSync(RECORDINGS_DIR, { recursive: true });
  fs.writeFileSync(
    manifestFile,
    JSON.stringify({ ...manifest, scenarios: sorted }, null, 2) + '\n',
  );
  if (failed > 0) console.log(`${failed} scenario(s) failed`);
  return failed > 0 ? 1 : 0;
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
