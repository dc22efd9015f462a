import { isRecord } from '../../../shared/is-record';
import { num, str } from '../../../shared/json-fields';
import type { PlanLimits, PlanWindow } from '../../../shared/contract/usage';

/** The windows `get_usage` may report, in the order /usage shows them, with their names there. */
const WINDOWS: readonly [key: string, name: string][] = [
  ['five_hour', 'Current session (5 hours)'],
  ['seven_day', 'Current week (all models)'],
  ['seven_day_opus', 'Current week (Opus)'],
  ['seven_day_sonnet', 'Current week (Sonnet)'],
  ['seven_day_oauth_apps', 'Current week (apps)'],
];

function windowOf(name: string, value: unknown): PlanWindow | null {
  if (!isRecord(value)) return null;
  const utilization = num(value['utilization']);
  const resets = str(value['resets_at']);
  const resetsAt = resets === null ? NaN : Date.parse(resets);
  return {
    name,
    utilization: utilization === null ? null : Math.max(0, utilization),
    resetsAt: Number.isNaN(resetsAt) ? null : resetsAt,
  };
}

/**
 * The plan's limits from the CLI's answer to `get_usage` (docs/protocol.md, "Context usage and
 * usage"): the claude.ai plan's windows with their use (percent) and reset times, the weekly
 * per-model ones the server names itself included.
 */
export function planLimitsOf(answer: Record<string, unknown>): PlanLimits {
  const limits = answer['rate_limits'];
  const windows: PlanWindow[] = [];
  if (isRecord(limits)) {
    for (const [key, name] of WINDOWS) {
      const window = windowOf(name, limits[key]);
      if (window) windows.push(window);
    }
    const scoped = Array.isArray(limits['model_scoped']) ? limits['model_scoped'] : [];
    for (const entry of scoped) {
      const label = isRecord(entry) ? str(entry['display_name']) : null;
      const window = label ? windowOf(`Current week (${label})`, entry) : null;
      if (window) windows.push(window);
    }
  }
  return {
    subscription: str(answer['subscription_type']),
    available: answer['rate_limits_available'] === true,
    windows,
  };
}
