import { describe, expect, it } from 'vitest';
import { CostTracker } from './cost-tracker';

const usage = (input: number) => ({
  input_tokens: input,
  output_tokens: 50,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
});

describe('CostTracker context meter', () => {
  it('shows the last API call’s context, never the turn’s summed usage', () => {
    const costs = new CostTracker();
    // A turn of three API calls: 30,000 tokens read in all, 12,000 by the last call.
    costs.add({ type: 'cost', cost_usd: 0.1, usage: usage(30_000), context_tokens: 12_050 });
    expect(costs.current.context_tokens).toBe(12_050);
    expect(costs.current.input_tokens).toBe(30_000);
  });

  it('takes the CLI’s own count over it, with its window, until the next turn', () => {
    const costs = new CostTracker();
    costs.add({
      type: 'cost',
      cost_usd: 0.1,
      usage: usage(1000),
      context_tokens: 1050,
      context_window: 200_000,
    });
    costs.contextUsage(10_853, 1_000_000);
    expect(costs.current).toMatchObject({ context_tokens: 10_853, context_window: 1_000_000 });
    costs.add({ type: 'cost', cost_usd: 0.2, usage: usage(2000), context_tokens: 2050 });
    expect(costs.current.context_tokens).toBe(2050);
  });

  it('keeps the figure through a turn that says nothing about the context (a local command)', () => {
    const costs = new CostTracker();
    costs.add({ type: 'cost', cost_usd: 0.1, usage: usage(1000), context_tokens: 1050 });
    costs.add({ type: 'cost', cost_usd: 0.1, usage: usage(0) });
    expect(costs.current.context_tokens).toBe(1050);
  });
});
