import { z } from 'zod';
import { agentIdSchema as agentId } from './ids';
import type { RequestTable } from './request-table';

// Logging in to Claude from an agent block, the account its CLI uses, and what the session can
// run (commands, subagents, skills, plugins): the host's half of "Log in to Claude" and of the
// "Account" and "Commands, agents and skills" tabs of "Claude settings" (docs/protocol.md,
// "Claude settings: logging in, account, commands").

/** The account as the CLI reports it; each field only when the CLI said it. */
export const claudeAccountSchema = z.object({
  loggedIn: z.boolean(),
  /** How the CLI authenticates: `claude.ai` (a subscription), `api_key`, `oauth_token`, … */
  authMethod: z.string().optional(),
  /** Where an API key comes from: `ANTHROPIC_API_KEY`, `apiKeyHelper`, … */
  apiKeySource: z.string().optional(),
  /** `firstParty` (Anthropic), `bedrock`, `vertex`, `foundry`. */
  apiProvider: z.string().optional(),
  email: z.string().optional(),
  organization: z.string().optional(),
  /** The plan: `max`, `pro`, `team`, `enterprise`, or the CLI's own words ("Claude Max"). */
  subscription: z.string().optional(),
});
export type ClaudeAccount = z.infer<typeof claudeAccountSchema>;

const source = z.string().optional();
export const sessionCapabilitiesSchema = z.object({
  commands: z.array(
    z.object({ name: z.string(), description: z.string(), argumentHint: z.string(), source }),
  ),
  agents: z.array(z.object({ name: z.string(), description: z.string(), model: z.string() })),
  /** Skill names: each is also one of `commands`, which holds its description. */
  skills: z.array(z.string()),
  plugins: z.array(z.object({ name: z.string(), source: z.string(), path: z.string() })),
});
export type SessionCapabilities = z.infer<typeof sessionCapabilitiesSchema>;

export const claudeAccountRequests = {
  /**
   * Starts the CLI's own sign-in (`claude_authenticate`) in the block's session. `url` is the page
   * to open: the one that calls the CLI back on this computer, or, for a block on another
   * machine, the one that shows a code to paste (`needsCode`).
   */
  startClaudeLogin: {
    params: z.object({ agentId, subscription: z.boolean() }).strict(),
    result: z.object({ url: z.string(), needsCode: z.boolean() }),
  },
  /**
   * Ends the sign-in started last in the block: with the code the sign-in page showed, or, with
   * none, once the page called the CLI back. Answers the account now in use.
   */
  finishClaudeLogin: {
    params: z.object({ agentId, code: z.string().min(1).max(4096).optional() }).strict(),
    result: claudeAccountSchema,
  },
  /** The account the block's CLI uses (`claude auth status`), on this computer only. */
  claudeAccount: {
    params: z.object({ agentId }).strict(),
    result: claudeAccountSchema,
  },
  /** `claude auth logout` where the block's CLI runs; answers the account after it. */
  claudeLogout: {
    params: z.object({ agentId }).strict(),
    result: claudeAccountSchema,
  },
  /** What the block's session can run, as the CLI last announced it. */
  sessionCapabilities: {
    params: z.object({ agentId }).strict(),
    result: sessionCapabilitiesSchema,
  },
  /** `reload_plugins`: the CLI reads its plugins, commands, agents and skills again. */
  reloadPlugins: {
    params: z.object({ agentId }).strict(),
    result: sessionCapabilitiesSchema,
  },
} as const satisfies RequestTable;
