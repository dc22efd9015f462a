import { describe, expect, it } from 'vitest';
import { Acknowledgements } from './acknowledgements';

describe('Acknowledgements', () => {
  it('reports parsed characters in steps of at least the step size', () => {
    const reports: number[] = [];
    const acks = new Acknowledgements((chars) => reports.push(chars), 5_000);
    acks.add(3_000);
    expect(reports).toEqual([]);
    acks.add(3_000);
    acks.add(12_000);
    expect(reports).toEqual([6_000, 12_000]);
  });
});
