import { describe, expect, it } from 'vitest';
import { Acknowledgements } from './acknowledgements';

describe('Acknowledgements', () => {
  it('reports parsed bytes in steps of at least the step size', () => {
    const reports: number[] = [];
    const acks = new Acknowledgements((bytes) => reports.push(bytes), 5_000);
    acks.add(3_000);
    expect(reports).toEqual([]);
    acks.add(3_000);
    acks.add(12_000);
    expect(reports).toEqual([6_000, 12_000]);
  });
});
