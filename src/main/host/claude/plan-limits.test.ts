import { describe, expect, it } from 'vitest';
import { planLimitsOf } from './plan-limits';

// The `get_usage` answer of a claude.ai subscriber, in the shape the pinned CLI declares for it
// (docs/protocol.md, "Context usage and usage"); the tests' CLI runs on an API key, which has none.
const subscriber = {
  session: { total_cost_usd: 0.5, model_usage: {} },
  subscription_type: 'max',
  rate_limits_available: true,
  rate_limits: {
    five_hour: { utilization: 42.5, resets_at: '2026-12-03T20:00:00Z' },
    seven_day: { utilization: 12, resets_at: '2026-12-08T09:00:00Z' },
    seven_day_opus: null,
    model_scoped: [{ display_name: 'Fable', utilization: 3, resets_at: null }],
    extra_usage: null,
  },
  behaviors: null,
};

describe('planLimitsOf', () => {
  it('reads the session and weekly windows with their use and reset times', () => {
    expect(planLimitsOf(subscriber)).toEqual({
      subscription: 'max',
      available: true,
      windows: [
        {
          name: 'Current session (5 hours)',
          utilization: 42.5,
          resetsAt: Date.parse('2026-12-03T20:00:00Z'),
        },
        {
          name: 'Current week (all models)',
          utilization: 12,
          resetsAt: Date.parse('2026-12-08T09:00:00Z'),
        },
        { name: 'Current week (Fable)', utilization: 3, resetsAt: null },
      ],
    });
  });

  it('has no windows where plan limits do not apply (an API key)', () => {
    expect(
      planLimitsOf({ subscription_type: null, rate_limits_available: false, rate_limits: null }),
    ).toEqual({ subscription: null, available: false, windows: [] });
  });
});
