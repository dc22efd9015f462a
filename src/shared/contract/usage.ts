import { z } from 'zod';
import { agentIdSchema as agentId } from './ids';
import type { RequestTable } from './request-table';

// What fills an agent's context window ("Context usage", as the CLI's /context shows it) and what
// Claude Code has cost on this machine ("Usage", as its /usage shows it, over every session).

const tokens = z.number().int().min(0);
const name = z.string().max(1000);

/**
 * One part of the window as the CLI counts it. `used` parts are in the context now, `buffer` is
 * kept free for autocompact, `free` is the rest: together they are the window. A `deferred` part
 * (tools loaded only when searched for) is not in the window until then, so it is outside that sum.
 */
export const contextCategorySchema = z.object({
  /** The CLI's id: `system_prompt`, `system_tools`, `mcp_tools`, `memory_files`, `messages`, … */
  id: z.string().max(200),
  /** The CLI's name for it: "System prompt", "Messages", "Free space", … */
  name,
  tokens,
  kind: z.enum(['used', 'deferred', 'buffer', 'free']),
});
export type ContextCategory = z.infer<typeof contextCategorySchema>;

export const contextUsageSchema = z.object({
  model: name,
  /** The window's size in tokens. */
  maxTokens: tokens,
  /** What the `used` parts add up to. */
  totalTokens: tokens,
  categories: z.array(contextCategorySchema).max(100),
  memoryFiles: z.array(z.object({ path: z.string().max(4096), type: name, tokens })).max(1000),
  mcpTools: z.array(z.object({ name, serverName: name, tokens })).max(10_000),
  /** Autocompact starts above this many tokens; null when autocompact is off. */
  autoCompactThreshold: tokens.nullable(),
});
export type ContextUsage = z.infer<typeof contextUsageSchema>;

/** One plan window (the five-hour session, the week): how much is used and when it resets. */
export const planWindowSchema = z.object({
  name,
  /** Percent of the window used, 0–100. */
  utilization: z.number().min(0).nullable(),
  /** When it resets, ms since the epoch. */
  resetsAt: z.number().nullable(),
});
export type PlanWindow = z.infer<typeof planWindowSchema>;

export const planLimitsSchema = z.object({
  /** The claude.ai plan (`pro`, `max`, …); null when signed in with an API key or a cloud provider. */
  subscription: name.nullable(),
  /** False where plan limits do not apply (an API key, Bedrock, Vertex): no windows then. */
  available: z.boolean(),
  windows: z.array(planWindowSchema).max(100),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

const spending = {
  inputTokens: tokens,
  outputTokens: tokens,
  cacheReadTokens: tokens,
  cacheCreationTokens: tokens,
  /** As Claude Code recorded it; a session that has not yet ended once has none to count. */
  costUsd: z.number().min(0),
};

export const usageRowSchema = z.object({
  /** A day (`YYYY-MM-DD`, the host's local time) or a project folder. */
  key: z.string().max(4096),
  sessions: z.number().int().min(0),
  ...spending,
});
export type UsageRow = z.infer<typeof usageRowSchema>;

export const usageTableSchema = z.object({
  /** Newest day first. */
  days: z.array(usageRowSchema).max(100_000),
  /** Costliest first. */
  projects: z.array(usageRowSchema).max(100_000),
  sessions: z.number().int().min(0),
  /** Sessions with tokens but no cost recorded yet (running, or ended without saying). */
  sessionsWithoutCost: z.number().int().min(0),
});
export type UsageTable = z.infer<typeof usageTableSchema>;

export const usageRequests = {
  /** What fills an agent block's context window now ("Context usage"). */
  contextUsage: {
    params: z.object({ agentId }).strict(),
    result: contextUsageSchema,
  },
  /**
   * Cost and tokens by day and by project over every session on this computer, and the plan's
   * limits as the agent block's CLI reports them (null without a running agent block).
   */
  usage: {
    params: z.object({ agentId: agentId.nullable() }).strict(),
    result: z.object({
      table: usageTableSchema,
      plan: planLimitsSchema.nullable(),
      /** Why there are no plan limits to show, when `plan` is null. */
      planUnavailable: z.string().max(1000).nullable(),
    }),
  },
} as const satisfies RequestTable;
