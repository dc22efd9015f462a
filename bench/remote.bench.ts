/**
 * `npm run bench:remote [-- --runs 9 --mb 50 --rounds 3 --blocks 4]`: terminal and agent blocks
 * on another machine over the user's own ssh, each figure beside the same work done locally in
 * the same run.
 * The other machine is a real OpenSSH server on 127.0.0.1 (test/support/ssh-server.ts: root and
 * Linux only), whose `claude` is the pinned CLI, as the local one is; both talk to one scripted
 * Messages API. Remote blocks get their shells and CLIs from RemoteHosts, as the host's blocks do:
 * askpass bridge, one connection attempt per host, a ControlMaster per host. The local floor of
 * the terminal figures is the remote user's own login shell started here without ssh.
 *
 * 1. A terminal block on a host with no connection yet: from asking for the shell to its first
 *    prompt (key exchange, login and the master, then the shell's own start).
 * 2. A second terminal block on that host, the master up. Target: under 300 ms.
 * 3. An agent block: Enter → the first text of the reply, a new session each run, median.
 *    Target: at most 1.3× local.
 * 4. `cat` of a big file in a terminal block, acknowledged on arrival as the terminal bench's
 *    transport stage does: MB/s, best round. Target: at least 0.8× local.
 * 5. 5 hosts × 4 agent blocks opened and prompted at once, each reply streamed in many chunks:
 *    every block's time to its first text and to its end, and the longest wait between two of its
 *    events once text flows. Target: every block gets its whole reply, none waits over 2 s.
 * The bench reports; it fails nothing. What bounds each figure is in docs/perf.md.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { AgentSession, type SessionHost } from '../src/main/agent/agent-session';
import { RemoteHosts } from '../src/main/host/remote-hosts';
import { defaultShell, type ShellSpec } from '../src/main/pty/shell';
import { TerminalSession } from '../src/main/pty/terminal-session';
import { runSsh, sshCommand } from '../src/main/remote/ssh-connection';
import { posixQuote } from '../src/shared/posix-quote';
import { stripTerminalCodes } from '../src/shared/strip-terminal-codes';
import { claudeAgentEnv } from '../test/support/claude-host';
import { lastUserText, startFakeAnthropic, textReply } from '../test/support/fake-anthropic';
import {
  REMOTE_USER,
  remoteClaudeEnv,
  sshUnavailable,
  startSshServer,
  type SshServer,
} from '../test/support/ssh-server';
import { writeContentFile } from './support/content-file';
import { CoreUsage } from './support/core-usage';
import { processCpuMs } from './support/process-cpu';
import { median } from './support/stats';
import { formatTable } from './support/table';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '9' },
    mb: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    // Agent blocks per host in part 5.
    blocks: { type: 'string', default: '4' },
  },
});
const RUNS = Number(values.runs);
const ROUNDS = Number(values.rounds);
const TOTAL_BYTES = Math.round(Number(values.mb) * 1_000_000);

const HOSTS = 5;
const BLOCKS_PER_HOST = Number(values.blocks);
const SECOND_BLOCK_TARGET_MS = 300;
const AGENT_RATIO_TARGET = 1.3;
const THROUGHPUT_RATIO_TARGET = 0.8;
const STALL_MS = 2_000;

const SHORT_REPLY = 'Hello from the bench.';
/** The streamed reply of part 5: 200 text deltas at 50 SSE events a second, about 4 s. */
const STREAMED_CHUNKS = 200;
const STREAMED_REPLY = Array.from({ length: STREAMED_CHUNKS }, (_, i) => `word${i} `).join('');
const STREAMED_EVENTS_PER_SECOND = 50;
const STREAM_PROMPT = 'stream a long reply';

/** Prompts of bash, dash, zsh and fish end so, once escapes and carriage returns are left out. */
const PROMPT_END = /[$#%>] $/;

const now = () => performance.now();
const ms = (value: number) => `${value.toFixed(0)} ms`;
const load = () => loadavg()[0]!.toFixed(2);

/** `promise`, or a failure naming `what` once `timeoutMs` have passed: no run hangs for good. */
function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} in ${timeoutMs / 1000} s`)), timeoutMs);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------------
// The hosts
// ---------------------------------------------------------------------------------------------

/**
 * Five sshd servers, one per host: each its own listener, port and host key, as five machines
 * would be. ssh's `%C` hashes the local host, the remote host, port and user, so five ports give
 * five control sockets and five masters (checked after part 5). One sshd listening on
 * 127.0.0.1–127.0.0.5 would give five masters too, but one process for all connections, and
 * ssh-server.ts listens on 127.0.0.1 only. One ssh config names all five, as a user's does:
 * the first server's, with a Host block for each other port and its known_hosts, logging in with
 * the first server's client key, which the others authorize.
 */
async function startHosts(): Promise<{ servers: SshServer[]; aliases: string[] }> {
  const servers: SshServer[] = [];
  for (let i = 0; i < HOSTS; i++) servers.push(await startSshServer());
  const first = servers[0]!;
  // The key the config logs in with, as ssh reads the config.
  const config = await runSsh(
    sshCommand(
      { host: first.alias },
      { configFile: first.configFile, controlDir: tmpdir() },
      { kind: 'config' },
    ),
  );
  const identity = /^identityfile (.*)$/m.exec(config.stdout)?.[1];
  if (!identity) throw new Error(`ssh -G named no identity file: ${config.stderr}`);
  const key = readFileSync(`${identity}.pub`, 'utf8');
  const aliases = [first.alias];
  servers.slice(1).forEach((server, i) => {
    const alias = `remote-${i + 2}`;
    first.addHost(alias, [`Port ${server.port}`, `UserKnownHostsFile ${server.knownHosts}`]);
    server.authorize(key);
    aliases.push(alias);
  });
  return { servers, aliases };
}

/** Tether's way to the hosts, as at the app's start: a control folder of its own, no master yet. */
function remoteHosts(server: SshServer, agentEnv?: Record<string, string>) {
  const { configFile, controlDir } = server.settings();
  const hosts = new RemoteHosts({
    ssh: () => ({ configFile, controlDir }),
    environment: () => Promise.resolve(process.env),
    ...(agentEnv ? { agentEnv } : {}),
    broadcast: (event) => {
      // The run's known_hosts and keys leave ssh nothing to ask; a question would hang the run.
      if (event.name === 'sshAsk') console.error(`ssh asked: ${JSON.stringify(event.payload)}`);
    },
  });
  return { hosts, controlDir };
}

// ---------------------------------------------------------------------------------------------
// Terminal blocks
// ---------------------------------------------------------------------------------------------

interface Terminal {
  session: TerminalSession;
  /** When the first prompt was on screen (performance.now()). */
  prompt: Promise<number>;
  /** When `mark` was next printed. */
  printed(mark: string): Promise<number>;
}

/** A TerminalSession as a block runs it, every batch acknowledged as it arrives. */
function openTerminal(shell: ShellSpec, env: NodeJS.ProcessEnv): Terminal {
  let shown = '';
  let prompted: ((at: number) => void) | undefined;
  const prompt = new Promise<number>((resolve) => (prompted = resolve));
  let waiting: { mark: string; resolve: (at: number) => void } | undefined;
  let tail = '';
  let exited!: (error: Error) => void;
  const exit = new Promise<never>((_, reject) => (exited = reject));
  // Closing the block ends the shell too: that exit is no failure.
  exit.catch(() => undefined);
  const session: TerminalSession = new TerminalSession({
    shell,
    env,
    cwd: tmpdir(),
    cols: 120,
    rows: 40,
    onData(data) {
      const at = now();
      session.acknowledge(data.length);
      if (prompted) {
        shown += Buffer.from(data).toString('utf8');
        if (PROMPT_END.test(stripTerminalCodes(shown).replace(/\r/g, ''))) {
          prompted(at);
          prompted = undefined;
        }
      }
      if (waiting) {
        // Only each batch's end is read: the bench must not add a pass over every byte. An end
        // long enough for the prompt and its shell-integration marks that follow the mark.
        tail = (tail + Buffer.from(data.subarray(-1024)).toString('latin1')).slice(-2048);
        if (tail.includes(waiting.mark)) {
          waiting.resolve(at);
          waiting = undefined;
        }
      }
    },
    onExit(code) {
      exited(new Error(`the shell exited (code ${code}) after: ${shown.slice(-300)}`));
    },
  });
  return {
    session,
    prompt: Promise.race([prompt, exit]),
    printed(mark) {
      tail = '';
      return Promise.race([new Promise<number>((resolve) => (waiting = { mark, resolve })), exit]);
    },
  };
}

/** A block opened: from asking for its shell to its first prompt. */
async function promptTime(
  open: () => Promise<{ shell: ShellSpec; env: NodeJS.ProcessEnv }>,
): Promise<{ ms: number; terminal: Terminal }> {
  const start = now();
  const { shell, env } = await open();
  const terminal = openTerminal(shell, env);
  const at = await within(terminal.prompt, 30_000, 'first prompt');
  return { ms: at - start, terminal };
}

/** A local terminal block as Tether opens one: the user's shell, with Tether's integration. */
const localShell = () => Promise.resolve({ shell: defaultShell(), env: process.env });
/**
 * The remote user's login shell started here without ssh (`runuser -l`): the same startup files
 * (/etc/profile, ~/.profile) and the same shell, so what the remote block takes beyond it is ssh.
 * (This machine's own shell is no floor for that: root's ~/.bashrc here runs `pyenv init`.)
 */
const sameShellHere = () =>
  Promise.resolve({ shell: { file: 'runuser', args: ['-l', REMOTE_USER] }, env: process.env });

/** Parts 1 and 2: `RUNS` times, a first and a second terminal block on a fresh host, and locally. */
async function terminalStarts(server: SshServer) {
  const times = {
    localFirst: [] as number[],
    localSecond: [] as number[],
    localOwn: [] as number[],
    remoteFirst: [] as number[],
    remoteSecond: [] as number[],
  };
  for (let run = 0; run < RUNS; run++) {
    const first = await promptTime(sameShellHere);
    const second = await promptTime(sameShellHere);
    const own = await promptTime(localShell);
    times.localFirst.push(first.ms);
    times.localSecond.push(second.ms);
    times.localOwn.push(own.ms);
    await Promise.all([first, second, own].map(({ terminal }) => terminal.session.dispose()));
    const { hosts } = remoteHosts(server);
    try {
      const remoteFirst = await promptTime(() => hosts.shell(server.alias));
      // The first block stays open while the second one opens, on the master it started.
      const remoteSecond = await promptTime(() => hosts.shell(server.alias));
      times.remoteFirst.push(remoteFirst.ms);
      times.remoteSecond.push(remoteSecond.ms);
      await Promise.all([
        remoteFirst.terminal.session.dispose(),
        remoteSecond.terminal.session.dispose(),
      ]);
    } finally {
      await hosts.dispose();
    }
  }
  return times;
}

/**
 * Part 4: the same file `cat` in a local and a remote block, rounds taken in turn; with each
 * round, how busy the machine's cores were and the CPU all of them spent per MB (what the remote
 * path adds: ssh's encryption at both ends, sshd, a second pty).
 */
async function throughput(server: SshServer, file: string, bytes: number) {
  const { hosts, controlDir } = remoteHosts(server);
  const local = (await promptTime(sameShellHere)).terminal;
  const remote = (await promptTime(() => hosts.shell(server.alias))).terminal;
  const ssh = await masterPid(server, controlDir);
  const cores = new CoreUsage();
  const rounds = { local: [] as Round[], remote: [] as Round[] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [side, terminal] of [
        ['local', local],
        ['remote', remote],
      ] as const) {
        const start = now();
        const startedAt = Date.now();
        const sshBefore = side === 'remote' ? await processCpuMs(ssh) : 0;
        // The quotes keep the echo of the typed line from matching the mark.
        terminal.session.write(`cat ${file}; echo ca""t-done\r`);
        const end = await within(terminal.printed('cat-done'), 600_000, `end of the ${side} cat`);
        const endedAt = Date.now();
        const megabytes = bytes / 1e6;
        const cpu = cores.cpuBetween(startedAt, endedAt);
        rounds[side].push({
          rate: megabytes / ((end - start) / 1000),
          busy: cores.busyBetween(startedAt, endedAt),
          cpuPerMb: (cpu?.machine ?? NaN) / megabytes,
          hostPerMb: (cpu?.own ?? NaN) / megabytes,
          sshPerMb:
            side === 'remote' ? ((await processCpuMs(ssh)) - sshBefore) / megabytes : undefined,
        });
      }
    }
  } finally {
    cores.stop();
    await Promise.all([local.session.dispose(), remote.session.dispose()]);
    await hosts.dispose();
  }
  return rounds;
}

interface Round {
  /** MB/s. */
  rate: number;
  /** The share of all cores busy (0–1), whatever ran on them. */
  busy: number | undefined;
  /** CPU ms all cores spent per MB. */
  cpuPerMb: number;
  /** CPU ms per MB of this process: the TerminalSession reading the pty, as the host would. */
  hostPerMb: number;
  /**
   * CPU ms per MB of the local ssh master, remote rounds only: a block's own ssh hands its pty to
   * the master, which decrypts the stream and writes it there.
   */
  sshPerMb: number | undefined;
}

/** The process of the master to `server` in `controlDir`, as `ssh -O check` names it. */
async function masterPid(server: SshServer, controlDir: string): Promise<number> {
  const check = await runSsh(
    sshCommand(
      { host: server.alias },
      { configFile: server.configFile, controlDir },
      { kind: 'control', operation: 'check' },
    ),
  );
  const pid = /pid=(\d+)/.exec(check.stderr)?.[1];
  if (!pid) throw new Error(`no master to ${server.alias}: ${check.stderr}`);
  return Number(pid);
}

// ---------------------------------------------------------------------------------------------
// Agent blocks
// ---------------------------------------------------------------------------------------------

interface Turn {
  /** From Enter to the first text of the reply, ms. */
  firstText: number;
  /** From Enter to the turn's end, ms. */
  end: number;
  /** Text events, and their text joined. */
  texts: number;
  text: string;
  /** The longest wait between two events from the first text to the end, ms. */
  longestGap: number;
}

/** Sends `prompt` (Enter in the composer) and follows the turn to its end. */
function turn(session: AgentSession, prompt: string, timeoutMs: number): Promise<Turn> {
  return new Promise((resolve, reject) => {
    const sent = now();
    let firstText: number | undefined;
    let last = 0;
    let longestGap = 0;
    let texts = 0;
    let text = '';
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the turn did not end in ${timeoutMs / 1000} s (${texts} texts)`));
    }, timeoutMs);
    const stop = session.onEvent((event) => {
      const at = now();
      if (firstText !== undefined) longestGap = Math.max(longestGap, at - last);
      last = at;
      if (event.type === 'assistant_text') {
        firstText ??= at - sent;
        texts++;
        text += event.text;
      } else if (event.type === 'error') {
        console.error(`agent error: ${event.message}`);
      } else if (event.type === 'done') {
        clearTimeout(timer);
        stop();
        resolve({ firstText: firstText ?? NaN, end: at - sent, texts, text, longestGap });
      }
    });
    session.send(prompt);
  });
}

interface Started {
  session: AgentSession;
  /** From asking for the block to the CLI answering `initialize`, ms. */
  ready: number;
}

type AgentSide = () => Promise<Started>;

/** The local block: the pinned CLI found through TETHER_CLAUDE, in a folder of its own. */
function localAgents(dir: string, apiUrl: string): AgentSide {
  const env = claudeAgentEnv(dir, apiUrl);
  const cwd = mkdtempSync(join(dir, 'work-'));
  return async () => {
    const start = now();
    const session = new AgentSession();
    await session.start({ cwd, env });
    return { session, ready: now() - start };
  };
}

let agentsStarted = 0;

/** The remote block on `alias`: its CLI run over ssh in `cwd` there; the local ssh runs in `dir`. */
function remoteAgents(hosts: RemoteHosts, alias: string, cwd: string, dir: string): AgentSide {
  return async () => {
    const start = now();
    // A tag of its own per block, as each block's id is.
    const host: SessionHost = hosts.sessionHost(alias, cwd, `bench-${++agentsStarted}`);
    const session = new AgentSession({ host });
    await session.start({ cwd: dir, env: {} });
    return { session, ready: now() - start };
  };
}

/** Part 3: a new session each run, local and remote in turn, one short reply each. */
async function agentLatency(local: AgentSide, remote: AgentSide) {
  const result = {
    local: [] as Turn[],
    remote: [] as Turn[],
    localReady: [] as number[],
    remoteReady: [] as number[],
  };
  for (let run = 0; run < RUNS; run++) {
    for (const [side, open] of [
      ['local', local],
      ['remote', remote],
    ] as const) {
      const { session, ready } = await open();
      try {
        result[side].push(await turn(session, 'hello', 60_000));
        result[side === 'local' ? 'localReady' : 'remoteReady'].push(ready);
      } finally {
        await session.dispose();
      }
    }
  }
  return result;
}

interface Block {
  where: string;
  ready: number;
  turn: Turn;
}

/** Part 5: every block opened at once, then every prompt sent at once. */
async function manyAgents(sides: { where: string; open: AgentSide }[]): Promise<Block[]> {
  const started = await Promise.all(sides.map(({ open }) => open()));
  try {
    const turns = await Promise.all(
      started.map(({ session }) => turn(session, STREAM_PROMPT, 180_000)),
    );
    return turns.map((turn, i) => ({ where: sides[i]!.where, ready: started[i]!.ready, turn }));
  } finally {
    await Promise.all(started.map(({ session }) => session.dispose()));
  }
}

/** Whether a block got its whole reply in many pieces, with no stall once it began. */
const streamed = (block: Block) =>
  block.turn.text === STREAMED_REPLY &&
  block.turn.texts >= STREAMED_CHUNKS / 2 &&
  block.turn.longestGap <= STALL_MS;

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const reason = sshUnavailable();
  if (reason) throw new Error(`no ssh server here: ${reason}`);
  console.log(
    `remote bench: ${RUNS} runs, ${values.mb} MB × ${ROUNDS} rounds, ${HOSTS}×${BLOCKS_PER_HOST} blocks; load ${load()}`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'remote-bench-'));
  // The remote user reads the bench's file (the remote is this machine).
  chmodSync(dir, 0o755);
  const fake = await startFakeAnthropic((call) =>
    lastUserText(call.body).includes(STREAM_PROMPT)
      ? {
          ...textReply(STREAMED_REPLY, { chunks: STREAMED_CHUNKS }),
          eventsPerSecond: STREAMED_EVENTS_PER_SECOND,
        }
      : textReply(SHORT_REPLY),
  );
  const { servers, aliases } = await startHosts();
  const first = servers[0]!;
  // A folder of the remote user's for the CLI's config, temp files and work. Every host is this
  // machine as the same user, so one folder serves all five.
  const { hosts: setup } = remoteHosts(first);
  let remoteDir: string | undefined;
  try {
    remoteDir = (
      await setup.run(
        first.alias,
        'dir=$(mktemp -d) && mkdir "$dir/claude" "$dir/tmp" "$dir/work" && echo "$dir"',
      )
    ).trim();
    const agentEnv = remoteClaudeEnv(fake.url, remoteDir);
    const local = localAgents(dir, fake.url);

    console.log(`1–2. terminal blocks… (load ${load()})`);
    const starts = await terminalStarts(first);

    console.log(`3. agent Enter → first text… (load ${load()})`);
    const agentHosts = remoteHosts(first, agentEnv).hosts;
    // Blocks opened on a host already connected: part 1 is the fresh host's.
    await agentHosts.connect(first.alias);
    const latency = await agentLatency(
      local,
      remoteAgents(agentHosts, first.alias, `${remoteDir}/work`, dir),
    ).finally(() => agentHosts.dispose());

    console.log(`4. cat throughput… (load ${load()})`);
    const file = join(dir, 'output.txt');
    const bytes = await writeContentFile(file, TOTAL_BYTES);
    const rounds = await throughput(first, file, bytes);

    console.log(`5. ${HOSTS} hosts × ${BLOCKS_PER_HOST} agent blocks at once… (load ${load()})`);
    const blocks = Array.from({ length: HOSTS * BLOCKS_PER_HOST }, (_, i) => i);
    const localBlocks = await manyAgents(
      blocks.map((i) => ({ where: `local #${i + 1}`, open: local })),
    );
    const many = remoteHosts(first, agentEnv);
    const loginsBefore = servers.map((server) => server.authentications());
    const remoteBlocks = await manyAgents(
      blocks.map((i) => {
        const alias = aliases[Math.floor(i / BLOCKS_PER_HOST)]!;
        const where = `${alias} #${(i % BLOCKS_PER_HOST) + 1}`;
        return { where, open: remoteAgents(many.hosts, alias, `${remoteDir}/work`, dir) };
      }),
    );
    const sockets = readdirSync(many.controlDir);
    const logins = servers.map((server, i) => server.authentications() - loginsBefore[i]!);
    await many.hosts.dispose();

    report(starts, latency, rounds, bytes, localBlocks, remoteBlocks, sockets, logins);
    console.log(`load at the end: ${load()}`);
  } finally {
    if (remoteDir) await setup.run(first.alias, `rm -rf ${posixQuote(remoteDir)}`);
    await setup.dispose();
    for (const server of servers) await server.stop();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(
  starts: Awaited<ReturnType<typeof terminalStarts>>,
  latency: Awaited<ReturnType<typeof agentLatency>>,
  rounds: Awaited<ReturnType<typeof throughput>>,
  bytes: number,
  localBlocks: Block[],
  remoteBlocks: Block[],
  sockets: string[],
  logins: number[],
): void {
  const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  const ratio = (remote: number, local: number) => `${(remote / local).toFixed(2)}×`;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const rows: string[][] = [['', 'local', 'remote', 'remote/local', 'target', 'result']];
  const timeRow = (what: string, local: number[], remote: number[], target = '', result = '') => {
    rows.push([
      what,
      ms(median(local)),
      ms(median(remote)),
      ratio(median(remote), median(local)),
      target,
      result,
    ]);
  };

  timeRow('1. terminal, fresh host → first prompt', starts.localFirst, starts.remoteFirst);
  rows.push([
    "   this machine's shell as a local block",
    ms(median(starts.localOwn)),
    '',
    '',
    '',
    '',
  ]);
  const second = median(starts.remoteSecond);
  timeRow(
    '2. terminal, 2nd block (master up) → prompt',
    starts.localSecond,
    starts.remoteSecond,
    `< ${SECOND_BLOCK_TARGET_MS} ms`,
    verdict(second < SECOND_BLOCK_TARGET_MS),
  );
  const firstText = (turns: Turn[]) => turns.map((t) => t.firstText);
  const agentRatio = median(firstText(latency.remote)) / median(firstText(latency.local));
  timeRow(
    '3. agent Enter → first text',
    firstText(latency.local),
    firstText(latency.remote),
    `≤ ${AGENT_RATIO_TARGET}× local`,
    verdict(agentRatio <= AGENT_RATIO_TARGET),
  );
  timeRow('   agent block opened → CLI ready', latency.localReady, latency.remoteReady);
  const best = (all: Round[]) => Math.max(...all.map((round) => round.rate));
  const bestLocal = best(rounds.local);
  const bestRemote = best(rounds.remote);
  rows.push([
    `4. cat ${(bytes / 1e6).toFixed(0)} MB, best round`,
    `${bestLocal.toFixed(1)} MB/s`,
    `${bestRemote.toFixed(1)} MB/s`,
    ratio(bestRemote, bestLocal),
    `≥ ${THROUGHPUT_RATIO_TARGET}× local`,
    verdict(bestRemote / bestLocal >= THROUGHPUT_RATIO_TARGET),
  ]);
  const count = remoteBlocks.length;
  const of = (all: Block[], pick: (block: Block) => number) => all.map(pick);
  timeRow(
    `5. ${count} blocks: opened → CLI ready`,
    of(localBlocks, (b) => b.ready),
    of(remoteBlocks, (b) => b.ready),
  );
  timeRow(
    `   ${count} blocks: Enter → first text`,
    of(localBlocks, (b) => b.turn.firstText),
    of(remoteBlocks, (b) => b.turn.firstText),
  );
  const allStreamed = remoteBlocks.every(streamed);
  timeRow(
    `   ${count} blocks: Enter → end`,
    of(localBlocks, (b) => b.turn.end),
    of(remoteBlocks, (b) => b.turn.end),
    `all stream, no gap > ${STALL_MS / 1000} s`,
    verdict(allStreamed),
  );
  const longest = (all: Block[]) => Math.max(...all.map((b) => b.turn.longestGap));
  rows.push([
    `   ${count} blocks: longest gap in a stream`,
    ms(longest(localBlocks)),
    ms(longest(remoteBlocks)),
    '',
    '',
    '',
  ]);
  console.log('');
  console.log(formatTable(rows));
  console.log(`(medians; 5. over the ${count} blocks of each side)`);
  console.log('');
  console.log(
    `1. ms, each run: local ${list(starts.localFirst)} (this machine's shell ${list(starts.localOwn)}); remote ${list(starts.remoteFirst)}`,
  );
  console.log(
    `2. ms, each run: local ${list(starts.localSecond)}; remote ${list(starts.remoteSecond)}`,
  );
  console.log(
    `3. ms, each run: local ${list(firstText(latency.local))}; remote ${list(firstText(latency.remote))}`,
  );
  const roundList = (all: Round[]) =>
    all
      .map(
        (round) =>
          `${round.rate.toFixed(1)} MB/s (cores ${round.busy === undefined ? '?' : Math.round(round.busy * 100)}% busy; CPU per MB: all ${round.cpuPerMb.toFixed(0)} ms, the reader ${round.hostPerMb.toFixed(0)}${round.sshPerMb === undefined ? '' : `, ssh ${round.sshPerMb.toFixed(0)}`})`,
      )
      .join(', ');
  console.log(`4. each round: local ${roundList(rounds.local)}`);
  console.log(`   remote ${roundList(rounds.remote)}`);
  console.log(
    `5. ${sockets.length} control sockets (${sockets.map((name) => name.slice(0, 8)).join(', ')}), logins per host ${logins.join(', ')}`,
  );
  const blockRows = [['block', 'ready', 'first text', 'end', 'texts', 'longest gap', 'streamed']];
  for (const block of [...localBlocks, ...remoteBlocks]) {
    blockRows.push([
      block.where,
      ms(block.ready),
      ms(block.turn.firstText),
      ms(block.turn.end),
      String(block.turn.texts),
      ms(block.turn.longestGap),
      streamed(block) ? 'yes' : 'NO',
    ]);
  }
  console.log(formatTable(blockRows));
}

main().catch((error: Error) => {
  console.error(`remote bench failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
