import { describe, expect, it } from 'vitest';
import { processDirectory } from './working-directory';

describe('processDirectory', () => {
  it.runIf(process.platform === 'linux' || process.platform === 'darwin')(
    'reads the current directory of a live process',
    async () => {
      expect(await processDirectory(process.pid)).toBe(process.cwd());
    },
  );

  it('answers null for a process that does not exist', async () => {
    expect(await processDirectory(2 ** 22 + 17)).toBeNull();
  });
});
