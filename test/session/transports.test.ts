import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnPipeTransport } from '../../src/main/agent/transport/pipe-transport';
import { spawnPtyTransport } from '../../src/main/agent/transport/pty-transport';
import type { SpawnSpec, Transport, TransportExit } from '../../src/main/agent/transport/transport';
import { stdinPath } from '../support/stdin-path';
import { until } from '../support/until';

interface Captured {
  transport: Transport;
  raw: Buffer[];
  lines: string[];
  exit: Promise<TransportExit>;
}

async function run(
  kind: 'pty' | 'pipe',
  script: string,
  spec: Partial<SpawnSpec> = {},
): Promise<Captured> {
  const raw: Buffer[] = [];
  const lines: string[] = [];
  let done!: (exit: TransportExit) => void;
  const exit = new Promise<TransportExit>((resolve) => (done = resolve));
  const spawn = kind === 'pty' ? spawnPtyTransport : spawnPipeTransport;
  const transport = await spawn(
    { file: '/bin/sh', args: ['-c', script], cwd: process.cwd(), env: process.env, ...spec },
    {
      onData: (c) => raw.push(Buffer.from(c)),
      onLine: (l) => lines.push(l),
      onOversizedLine: () => {},
      onExit: done,
    },
  );
  return { transport, raw, lines, exit };
}

describe.each(['pty', 'pipe'] as const)('%s transport', (kind) => {
  it('delivers the same output as raw bytes and as lines', async () => {
    const c = await run(kind, `printf 'Grüße\\n{"a":1}\\nlast'`);
    expect(await c.exit).toEqual({ code: 0, signal: null });
    expect(c.lines).toEqual(['Grüße', '{"a":1}', 'last']);
    const raw = Buffer.concat(c.raw).toString('utf8');
    expect(raw.replace(/\r\n/g, '\n')).toBe('Grüße\n{"a":1}\nlast');
  });

  it('passes what we write to stdin, in order, and keeps it open until closed', async () => {
    const c = await run(kind, 'while read -r line; do echo "got:$line"; done; echo eof');
    c.transport.write('one\n');
    c.transport.write('two ✓\n');
    await new Promise((r) => setTimeout(r, 200));
    expect(c.lines).toEqual(['got:one', 'got:two ✓']);
    c.transport.closeInput();
    await c.exit;
    expect(c.lines).toEqual(['got:one', 'got:two ✓', 'eof']);
  });

  it('hands the child the environment it is given', async () => {
    const c = await run(kind, 'echo "key=$TETHER_TEST_KEY"', {
      env: { ...process.env, TETHER_TEST_KEY: 'sk-123' },
    });
    await c.exit;
    expect(c.lines).toEqual(['key=sk-123']);
  });

  it('reports a signal that ended the child', async () => {
    const c = await run(kind, 'echo up; sleep 30');
    await new Promise((r) => setTimeout(r, 200));
    c.transport.signal('SIGTERM');
    expect(await c.exit).toMatchObject({ signal: 'SIGTERM' });
  });
});

describe('pty transport specifics', () => {
  it('resizes the terminal the child sees', async () => {
    const c = await run('pty', 'sleep 0.3; stty size < /dev/tty', { cols: 80, rows: 24 });
    c.transport.resize(132, 43);
    await c.exit;
    expect(c.lines).toEqual(['43 132']);
  });

  it('gives the child a FIFO, not a TTY, on stdin, and removes it afterwards', async () => {
    // The child stays (reading its stdin) until it has been looked at from outside.
    const c = await run(
      'pty',
      'if [ -t 0 ]; then echo tty; else echo notty; fi; [ -t 1 ] && echo out-tty; echo $$; read -r _',
    );
    await until(() => c.lines.length >= 3, 'the child to start');
    expect(c.lines.slice(0, 2)).toEqual(['notty', 'out-tty']);
    const fifo = stdinPath(Number(c.lines[2]));
    expect(fifo).toMatch(/tether-.*\/stdin$/);
    expect(existsSync(fifo)).toBe(true);
    c.transport.write('\n');
    await c.exit;
    expect(existsSync(fifo)).toBe(false);
  });
});
