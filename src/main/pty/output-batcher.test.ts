import { describe, expect, it } from 'vitest';
import { OutputBatcher } from './output-batcher';

describe('OutputBatcher', () => {
  it('delivers the chunks of one interval as one message, in order', async () => {
    const delivered: string[] = [];
    const batcher = new OutputBatcher((data) => delivered.push(data), 5);
    batcher.push('a');
    batcher.push('b');
    batcher.push('c');
    expect(delivered).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(delivered).toEqual(['abc']);
    batcher.push('d');
    batcher.flush();
    expect(delivered).toEqual(['abc', 'd']);
  });

  it('drops what is pending when disposed', async () => {
    const delivered: string[] = [];
    const batcher = new OutputBatcher((data) => delivered.push(data), 5);
    batcher.push('lost');
    batcher.dispose();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(delivered).toEqual([]);
  });
});
