import type { claudeAccountRequests } from '../../../shared/contract/claude-account';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { AgentSession } from '../../agent/agent-session';
import type { AgentDefaults, AgentRegistry } from '../agent-registry';
import { accountFromLogin, accountFromStatus } from '../claude/account';
import { runClaudeAuth, type AuthCommandContext } from '../claude/auth-command';
import { capabilitiesOf } from '../claude/capabilities';
import { pastedLoginCode } from '../claude/login-code';
import { loginUrlsOf, type LoginUrls } from '../claude/login-urls';
import type { LaunchContext } from '../launch-context';

/** A code is exchanged at once; the callback comes when the user has signed in, if ever. */
const CODE_TIMEOUT_MS = 60_000;
const CALLBACK_TIMEOUT_MS = 15 * 60_000;
/** `reload_plugins` reads every plugin and may install the ones the settings name. */
const RELOAD_TIMEOUT_MS = 120_000;

/** Once the CLI answered `initialize` (or failed to): what it announced is known then. */
function started(session: AgentSession): Promise<void> {
  return new Promise((resolve) => {
    if (session.state.state !== 'starting') return resolve();
    const stop = session.onLifecycle(({ state }) => {
      if (state === 'starting') return;
      stop();
      resolve();
    });
  });
}

/**
 * "Log in to Claude" through the block's running CLI (its control requests, also for a block on
 * another machine), and the account and logout through `claude auth`, which reads and changes
 * this computer's files only.
 */
export function claudeAccountHandlers(
  agents: AgentRegistry,
  launch: LaunchContext,
  defaults: Pick<AgentDefaults, 'agentEnv' | 'claudePath'>,
): HandlersFor<typeof claudeAccountRequests> {
  /** The sign-in each block started last: a pasted code is checked against its page. */
  const logins = new Map<string, LoginUrls>();

  const authContext = async (agentId: string): Promise<AuthCommandContext> => {
    const { cwd, host } = agents.location(agentId);
    if (host) {
      throw new Error(
        `This block runs on ${host}; Tether reads and changes Claude's login on this computer only for now.`,
      );
    }
    const current = await launch.agent();
    return {
      env: current.agentEnv ?? defaults.agentEnv ?? process.env,
      cwd,
      claudePath: current.claudePath ?? defaults.claudePath,
    };
  };
  const status = async (context: AuthCommandContext) => {
    const { stdout } = await runClaudeAuth(['status', '--json'], context);
    try {
      return accountFromStatus(JSON.parse(stdout));
    } catch {
      throw new Error('Claude Code did not say which account it uses.');
    }
  };

  return {
    startClaudeLogin: async ({ agentId, subscription }) => {
      const urls = loginUrlsOf(
        await agents.get(agentId).controlRequest({
          subtype: 'claude_authenticate',
          loginWithClaudeAi: subscription,
        }),
      );
      logins.set(agentId, urls);
      // The page that calls back reaches only a CLI on the computer the browser is on.
      const remote = agents.location(agentId).host !== undefined;
      return remote
        ? { url: urls.manualUrl, needsCode: true }
        : { url: urls.automaticUrl, needsCode: false };
    },
    finishClaudeLogin: async ({ agentId, code }) => {
      const session = agents.get(agentId);
      const urls = logins.get(agentId);
      const response =
        code === undefined
          ? await session.controlRequest(
              { subtype: 'claude_oauth_wait_for_completion' },
              CALLBACK_TIMEOUT_MS,
            )
          : await session.controlRequest(
              {
                subtype: 'claude_oauth_callback',
                ...pastedLoginCode(code, urls?.manualUrl ?? ''),
              },
              CODE_TIMEOUT_MS,
            );
      logins.delete(agentId);
      return accountFromLogin(response);
    },
    claudeAccount: async ({ agentId }) => status(await authContext(agentId)),
    claudeLogout: async ({ agentId }) => {
      const context = await authContext(agentId);
      const { code, stderr } = await runClaudeAuth(['logout'], context);
      if (code !== 0) throw new Error(stderr.trim() || 'claude auth logout failed.');
      return status(context);
    },
    sessionCapabilities: async ({ agentId }) => {
      const session = agents.get(agentId);
      await started(session);
      const { initialize, init } = session.announced;
      return capabilitiesOf(initialize, init);
    },
    reloadPlugins: async ({ agentId }) => {
      const session = agents.get(agentId);
      const answer = await session.controlRequest({ subtype: 'reload_plugins' }, RELOAD_TIMEOUT_MS);
      return capabilitiesOf(answer, session.announced.init);
    },
  };
}
