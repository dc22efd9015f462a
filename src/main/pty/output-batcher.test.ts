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

  it('sends a batch at once when it reaches its size cap', () => {
    const delivered: string[] = [];
    const batcher = new OutputBatcher((data) => delivered.push(data), 1_000, 10);
    batcher.push('12345');
    batcher.push('67890');
    batcher.push('x');
    expect(delivered).toEqual(['1234567890']);
    batcher.dispose();
  });

  it('hands a batch’s chunks, in order, to the owner’s join rather than joining them', () => {
    const delivered: string[][] = [];
    const batcher = new OutputBatcher<string[]>(
      (chunks) => delivered.push(chunks),
      1_000,
      10,
      (chunks) => [...chunks],
    );
    batcher.push('12345');
    batcher.push('é789');
    batcher.push('0');
    expect(delivered).toEqual([['12345', 'é789', '0']]);
    batcher.dispose();
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
