import type { claudeRulesRequests } from '../../../shared/contract/claude-rules';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { AgentRegistry } from '../agent-registry';
import { claudePlaces, settingsPaths } from '../claude/claude-files';
import { claudeHooks, setHooksDisabled } from '../claude/hooks';
import { addMemory, claudeMemory } from '../claude/memory';
import { changePermissionRule, permissionRules } from '../claude/permission-rules';
import type { LaunchContext } from '../launch-context';
import { openInEditor, type EditorOptions } from '../open-in-editor';

/**
 * "Permission rules", "Hooks" and "Memory" of "Claude settings": the files of the block's folder
 * and the user's, on this computer, and the block's running session for what only it knows.
 */
export function claudeRulesHandlers(
  agents: AgentRegistry,
  launch: LaunchContext,
  /** The environment agents start with when the launch context has none (the CLI's HOME). */
  agentEnv: NodeJS.ProcessEnv | undefined,
  desktop: Pick<EditorOptions, 'platform' | 'openPath' | 'revealPath'>,
): HandlersFor<typeof claudeRulesRequests> {
  const scopeOf = async (agentId: string | null) => {
    const env = (await launch.agent()).agentEnv ?? agentEnv ?? process.env;
    if (agentId === null)
      return { places: claudePlaces(env, null, desktop.platform), session: null };
    const { cwd, host } = agents.location(agentId);
    if (host) {
      throw new Error(
        `This block runs on ${host}; Tether edits Claude's files on this computer only for now.`,
      );
    }
    return { places: claudePlaces(env, cwd, desktop.platform), session: agents.get(agentId) };
  };
  return {
    claudePermissionRules: async ({ agentId }) => {
      const { places, session } = await scopeOf(agentId);
      return permissionRules(places, session);
    },
    changeClaudePermissionRule: async ({ agentId, ...change }) => {
      const { places, session } = await scopeOf(agentId);
      return changePermissionRule(places, session, change);
    },
    claudeHooks: async ({ agentId }) => claudeHooks((await scopeOf(agentId)).places),
    setClaudeHooksDisabled: async ({ agentId, disabled }) => {
      await setHooksDisabled((await scopeOf(agentId)).places, disabled);
      return null;
    },
    claudeMemory: async ({ agentId }) => {
      const { places, session } = await scopeOf(agentId);
      return claudeMemory(places, session);
    },
    addClaudeMemory: async ({ agentId, path, line }) => {
      const { places, session } = await scopeOf(agentId);
      await addMemory(places, session, path, line);
      return null;
    },
    openClaudeFile: async ({ agentId, path }) => {
      const { places, session } = await scopeOf(agentId);
      // Only a file these pages list: a page never opens a path of its own choosing.
      const memory = await claudeMemory(places, session);
      const listed = [...settingsPaths(places), ...memory.files, ...memory.targets];
      if (!listed.some((file) => file.path === path))
        throw new Error(`${path} is not one of Claude's files for this folder.`);
      await openInEditor(path, { env: await launch.environment(), ...desktop });
      return null;
    },
  };
}
