import { describe, expect, it } from 'vitest';
import { OutputBatcher } from './output-batcher';

const bytes = (text: string) => Buffer.from(text);
const texts = (delivered: Uint8Array[]) => delivered.map((data) => Buffer.from(data).toString());

describe('OutputBatcher', () => {
  it('delivers the chunks of one interval as one message, in order', async () => {
    const delivered: Uint8Array[] = [];
    const batcher = new OutputBatcher((data) => delivered.push(data), 5);
    batcher.push(bytes('a'));
    batcher.push(bytes('b'));
    batcher.push(bytes('c'));
    expect(delivered).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(texts(delivered)).toEqual(['abc']);
    batcher.push(bytes('d'));
    batcher.flush();
    expect(texts(delivered)).toEqual(['abc', 'd']);
  });

  it('sends a batch at once when it reaches its size cap', () => {
    const delivered: Uint8Array[] = [];
    const batcher = new OutputBatcher((data) => delivered.push(data), 1_000, 10);
    batcher.push(bytes('12345'));
    batcher.push(bytes('67890'));
    batcher.push(bytes('x'));
    expect(texts(delivered)).toEqual(['1234567890']);
    batcher.dispose();
  });

  it('keeps a character split across chunks whole', () => {
    const delivered: Uint8Array[] = [];
    const batcher = new OutputBatcher((data) => delivered.push(data), 1_000);
    const euro = bytes('€');
    batcher.push(euro.subarray(0, 1));
    batcher.push(euro.subarray(1));
    batcher.flush();
    expect(texts(delivered)).toEqual(['€']);
  });

  it('drops what is pending when disposed', async () => {
    const delivered: Uint8Array[] = [];
    const batcher = new OutputBatcher((data) => delivered.push(data), 5);
    batcher.push(bytes('lost'));
    batcher.dispose();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(delivered).toEqual([]);
  });
});
