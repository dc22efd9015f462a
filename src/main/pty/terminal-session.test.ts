import { afterEach, describe, expect, it } from 'vitest';
import { isAlive } from '../process/process-tree';
import {
  decodeTerminalData,
  encodeTerminalData,
  terminalDataHeader,
} from '../../shared/terminal-data-frame';
import { TerminalSession, type TerminalSessionOptions } from './terminal-session';
import { until } from '#test/support/until';

// Real shells in real ptys: the flow-control and kill behaviour only means something there.

const sessions: TerminalSession[] = [];

function start(overrides: Partial<TerminalSessionOptions> = {}) {
  const output: Uint8Array[] = [];
  let exit: { code: number; signal: number | null } | undefined;
  const session = new TerminalSession({
    shell: { file: '/bin/sh', args: [] },
    cwd: '/tmp',
    cols: 80,
    rows: 24,
    env: { PATH: process.env['PATH'], HOME: '/tmp', PS1: '$ ' },
    onData: (data) => output.push(data),
    onExit: (code, signal) => (exit = { code, signal }),
    ...overrides,
  });
  sessions.push(session);
  const bytes = () => Buffer.concat(output);
  return {
    session,
    batches: output,
    text: () => bytes().toString(),
    size: () => bytes().length,
    exit: () => exit,
  };
}

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.dispose()));
});

describe('TerminalSession', () => {
  it('runs a command in the shell and reports its exit after all of its output', async () => {
    // Batches that would wait a minute: only the flush at the exit can deliver the output in time.
    let atExit: string | undefined;
    const { session, text } = start({
      batchMs: 60_000,
      onExit: (code) => (atExit = `${text()}|exit ${code}`),
    });
    session.write('seq 1 30000; echo one-$((1+1)); exit 7\r');
    await until(() => atExit !== undefined, 'the exit');
    expect(atExit).toMatch(/30000\r?\n[\s\S]*one-2[\s\S]*\|exit 7$/);
  });

  it('names the foreground command while one runs, and nothing at the prompt', async () => {
    const { session, text } = start();
    session.write('echo ready\r');
    await until(() => text().includes('ready'), 'the prompt');
    expect(session.foregroundCommand).toBeUndefined();
    session.write('sleep 30\r');
    await until(() => session.foregroundCommand === 'sleep', 'sleep in the foreground');
    session.write('\x03');
    await until(() => session.foregroundCommand === undefined, 'the prompt back');
  });

  it("delivers the shell's bytes as they are", async () => {
    const { session, text } = start();
    session.write("printf 'caf\\303\\251-%s\\n' $((3*3))\r");
    await until(() => text().includes('café-9'), 'the accented word');
  });

  it('delivers a flood of characters of every UTF-8 length as the bytes the shell wrote', async () => {
    // Batches of many reads, each encoded on its own: a character cut between two reads, or a
    // chunk's bytes miscounted, would show here.
    const { session, text } = start();
    const line = 'aé€😀';
    session.write(
      `i=0; while [ $i -lt 20000 ]; do echo '${line}'; i=$((i+1)); done; echo 'do''ne'\r`,
    );
    await until(() => text().includes('\r\ndone'), 'the output', 60_000);
    // Once in the echo of the command line, then once a line.
    expect(text().split(`${line}\r\n`)).toHaveLength(20_000 + 1);
    expect(text().split(line)).toHaveLength(20_000 + 2);
    expect(text()).not.toContain('\ufffd');
  });

  it('writes each batch just after the frame header it was given, so framing copies nothing', async () => {
    const header = terminalDataHeader('terminal.1');
    const { session, batches, text } = start({ frameHeader: header });
    session.write("printf 'caf\\303\\251-%s\\n' $((3*3)); seq 1 20000; echo 'do''ne'\r");
    await until(() => text().includes('done'), 'the output');
    expect(text()).toContain('café-9\r\n1\r\n');
    expect(text()).toContain('19999\r\n20000\r\n');
    expect(batches.length).toBeGreaterThan(1);
    for (const data of batches) {
      const before = new Uint8Array(data.buffer, data.byteOffset - header.length, header.length);
      expect(before).toEqual(header);
      const frame = encodeTerminalData('terminal.1', data);
      expect(frame.buffer).toBe(data.buffer);
      expect(decodeTerminalData(frame)).toEqual({ terminalId: 'terminal.1', data });
    }
  });

  it('lets Backspace erase a whole character in the line editing of `read`', async () => {
    const { session, text } = start();
    session.write('read x; printf "[%s]" "$x" | od -An -tx1 | tr -d " \\n"; echo\r');
    session.write('\u00e9\x7fe\r');
    // "[e]" in hex; without the pty's UTF-8 mode the erase leaves half of the é: 5bc3655d.
    await until(() => /5b(c3)?655d/.test(text()), 'the line read');
    expect(text()).toContain('5b655d');
  });

  it('pauses a flooding shell until the viewer acknowledges, then resumes', async () => {
    const { session, size } = start({ watermarks: { high: 20_000, low: 2_000 } });
    session.write('yes\r');
    await until(() => session.isPaused, 'the pause');
    // Paused: what reaches the viewer stays near the high watermark however long we wait.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const delivered = size();
    expect(session.unacknowledged).toBe(delivered);
    expect(delivered).toBeLessThan(20_000 + 70_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(size()).toBe(delivered);

    session.acknowledge(delivered);
    await until(() => size() > delivered, 'more output after the acknowledgement');
  });

  it('sends batches as large as the flow-control window allows', async () => {
    // Batches that only their size ends: a 2 MB window sends 256 KiB at a time.
    const { session, batches } = start({
      batchMs: 60_000,
      watermarks: { high: 2_000_000, low: 1_000_000 },
    });
    session.write('yes\r');
    await until(() => batches.length > 2, 'a few batches of the flood');
    session.write('\x03');
    for (const data of batches.slice(1, 3)) expect(data.length).toBeGreaterThanOrEqual(256 * 1024);
  });

  it('grows its batches with the window it measures at each resume', async () => {
    const { session, batches } = start({ batchMs: 60_000 });
    session.write('yes\r');
    // A viewer that parses whatever it is sent at once: each pause is short, so the window
    // measured over it is large (1 MB and more), and so are the batches after the resume.
    for (let pause = 0; pause < 2; pause++) {
      while (!session.isPaused) await new Promise((resolve) => setImmediate(resolve));
      session.acknowledge(session.unacknowledged);
    }
    const resumed = batches.length;
    await until(() => batches.length > resumed + 1, 'batches after the resume');
    session.write('\x03');
    expect(batches[0]!.length).toBeLessThan(100_000);
    expect(batches[resumed]!.length).toBeGreaterThan(100_000);
  });

  it('answers Ctrl+C at once while paused', async () => {
    const { session, text } = start({ watermarks: { high: 20_000, low: 2_000 } });
    session.write('yes\r');
    await until(() => session.isPaused, 'the pause');
    session.write('\x03');
    session.write('echo done-$((2+2))\r');
    // Drain as a viewer would until the shell's answer shows.
    await until(() => {
      session.acknowledge(session.unacknowledged);
      return text().includes('done-4');
    }, 'the shell to answer after Ctrl+C');
  });

  it('dispose ends the shell and the jobs it started', async () => {
    const { session, text, exit } = start({ shell: { file: '/bin/bash', args: ['--norc', '-i'] } });
    session.write('sleep 300 & echo "job=$!"\r');
    await until(() => /job=\d+/.test(text()), 'the job pid');
    const job = Number(/job=(\d+)/.exec(text())![1]);
    expect(isAlive(job)).toBe(true);
    await session.dispose();
    expect(exit()).toBeDefined();
    await until(() => !isAlive(job), 'the background job to end', 6_000);
  });

  it('dispose also ends jobs that left the process group or ignore SIGHUP', async () => {
    const { session, text, exit } = start({ shell: { file: '/bin/bash', args: ['--norc', '-i'] } });
    // setsid: a session of its own, reparented once setsid's parent returns; nohup: ignores the
    // hangup; a trap: ignores both HUP and TERM.
    session.write(
      [
        "setsid sh -c 'echo escaped=$$; exec sleep 301' &",
        'nohup sleep 302 >/dev/null 2>&1 & echo nohup=$!',
        'sh -c \'trap "" HUP TERM; echo stubborn=$$; while :; do sleep 1; done\' &',
      ].join('\r') + '\r',
    );
    const names = ['escaped', 'nohup', 'stubborn'];
    const pidOf = (name: string) => new RegExp(`${name}=(\\d+)`).exec(text())?.[1];
    await until(() => names.every(pidOf), 'the job pids');
    const jobs = names.map((name) => Number(pidOf(name)));
    expect(jobs.every(isAlive)).toBe(true);
    await session.dispose();
    expect(exit()).toBeDefined();
    expect(jobs.filter(isAlive)).toEqual([]);
  });

  it('ends once however often dispose is called', async () => {
    const { session, exit } = start();
    const kills = [session.dispose(), session.dispose()];
    expect(kills[0]).toBe(kills[1]);
    await Promise.all(kills);
    expect(exit()).toBeDefined();
    await session.dispose();
  });
});
