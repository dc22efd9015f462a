import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isAlive, pidsListingEnv, processesWithEnv } from './process-tree';

describe('processes found by their environment', () => {
  it('reads macOS ps -E rows, matching the whole entry only', () => {
    const table = [
      '  101 /bin/zsh -l TERM=xterm TETHER_TERMINAL=ab12 HOME=/Users/u',
      '  102 sleep 300 TETHER_TERMINAL=ab12',
      '  103 sleep 300 TETHER_TERMINAL=ab123',
      '  104 vim notes.txt TETHER_TERMINAL=ab1',
      '',
    ].join('\n');
    expect(pidsListingEnv(table, 'TETHER_TERMINAL=ab12')).toEqual([101, 102]);
  });

  it.runIf(process.platform === 'linux')(
    'finds a live child by its variable on Linux',
    async () => {
      const child = spawn('sleep', ['30'], { env: { ...process.env, TETHER_TEST_TAG: 'x1' } });
      await new Promise((resolve) => child.once('spawn', resolve));
      try {
        expect(processesWithEnv('TETHER_TEST_TAG', 'x1')).toEqual([child.pid]);
        expect(isAlive(child.pid!)).toBe(true);
      } finally {
        child.kill('SIGKILL');
      }
      await new Promise((resolve) => child.once('exit', resolve));
      expect(isAlive(child.pid!)).toBe(false);
    },
  );
});
