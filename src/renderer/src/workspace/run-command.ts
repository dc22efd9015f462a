import type { CommandId } from '../../../shared/commands';
import { failureReason, type HostApi } from '../../../shared/host-api';
import type { WorkspaceState } from '../../../shared/workspace-state';
import type { BlockActivity } from '../blocks/block-activity';
import type { BlockHandle } from '../blocks/registry';
import { nextBlockToVisit } from './block-state';
import type { WorkspaceAction } from './commands';
import type { UsageDialogOpen } from '../settings/usage/usage-dialogs';
import { blockOrder, neighbourInDirection } from './layout';
import type { Workspace } from './use-workspace';
import type { RepositoryPlace } from './worktree/WorktreesDialog';
import { startAgentInWorktree } from './worktree/start-in-worktree';

/** What a command acts on: the workspace, its blocks as they are now, and its dialogs. */
export interface CommandContext {
  api: HostApi;
  state: Pick<WorkspaceState, 'layout' | 'focused' | 'blocks'>;
  workspace: Workspace;
  /** Where a block opens when no block is focused to take the folder from. */
  workspaceDir: string;
  handles: ReadonlyMap<string, BlockHandle>;
  elements: ReadonlyMap<string, HTMLElement>;
  /** Each block's state as shown (a `Done` looked at is `Idle` again). */
  shown(blockId: string): BlockActivity | undefined;
  /** Closes a block, after asking if it holds work. */
  requestClose(blockId: string): void;
  rename(blockId: string): void;
  openPalette(): void;
  openLibrary(): void;
  /** Opens "Worktrees" for the repository at `place` (null: no block is open to take it from). */
  openWorktrees(place: RepositoryPlace | null): void;
  /** Asks which machine a new block of `kind` goes on ("Connect to host"). */
  connectToHost(kind: string): void;
  /** Opens "Worktree set-up" for the repository `cwd` is in (on `host`). */
  openWorktreeSetup(place: { cwd: string; host: string | undefined }): void;
  /** Opens "Tether settings". */
  openTetherSettings(): void;
  /** Opens "Claude settings" for the agent block `agentId` (null: no agent block is open). */
  openClaudeSettings(agentId: string | null): void;
  /** Opens "Context usage" or "Usage" (for an agent block's CLI, where one is open). */
  openUsageDialog(open: UsageDialogOpen): void;
  /** Tells the user what came of a command that has nothing else to show. */
  /** A line for the user; `problem` when something failed (it is shown, and announced, as one). */
  notify(notice: string, problem?: boolean): void;
}

/** The focused agent block, else the first one in the layout's order, else null. */
function agentFor(state: CommandContext['state'], order: readonly string[]): string | null {
  const agents = order.filter((blockId) => state.blocks[blockId]?.kind === 'agent');
  return state.focused && agents.includes(state.focused) ? state.focused : (agents[0] ?? null);
}

/**
 * Where a worktree's repository is found: the focused block's folder (a terminal's follows its
 * shell), else the workspace's; on the focused block's host.
 */
function repositoryPlace({ state, workspaceDir }: CommandContext) {
  const beside = state.focused ? state.blocks[state.focused] : undefined;
  return { cwd: beside?.cwd || workspaceDir, host: beside?.host };
}

/** Does what a command's action says, from the palette, a shortcut or the toolbar. */
export function runCommand(id: CommandId, action: WorkspaceAction, context: CommandContext): void {
  const { api, state, workspace, handles, elements, notify } = context;
  const order = blockOrder(state.layout);
  const focused = state.focused;
  switch (action.type) {
    case 'new':
      return void workspace.add(action.kind, action.orientation);
    case 'close':
      return void (focused && context.requestClose(focused));
    case 'newOnHost':
      return context.connectToHost(action.kind);
    case 'newInWorktree': {
      const { cwd, host } = repositoryPlace(context);
      return void startAgentInWorktree(api, workspace, cwd, host, notify).catch(
        (failure: unknown) =>
          notify(`Cannot start an agent in a worktree: ${failureReason(failure)}`, true),
      );
    }
    case 'worktrees': {
      // An agent in a worktree lists its repository's, as its saved worktree names it.
      const blockId = focused && state.blocks[focused] ? focused : order[0];
      const spec = blockId ? state.blocks[blockId] : undefined;
      if (!spec) return context.openWorktrees(null);
      const host = spec.worktree?.host ?? spec.host;
      return context.openWorktrees({
        cwd: spec.worktree?.repo ?? spec.cwd,
        ...(host ? { host } : {}),
      });
    }
    case 'worktreeSetup':
      return context.openWorktreeSetup(repositoryPlace(context));
    case 'reopen':
      return void (workspace.reopen() || notify('No closed block to reopen'));
    case 'rename':
      return void (focused && context.rename(focused));
    case 'maximize':
      return workspace.toggleMaximize();
    case 'resize':
      return void (focused && workspace.resizeBlock(focused, action.step));
    case 'palette':
      return context.openPalette();
    case 'library':
      return context.openLibrary();
    case 'rescanLibrary':
      return void api.rescanLibrary({}).then(
        () => notify('The session library is up to date'),
        (failure: unknown) =>
          notify(`Cannot rescan the session library: ${failureReason(failure)}`, true),
      );
    case 'openSettings':
      // Where the host cannot open an editor (browser mode), the page says where the file is.
      return void api.openSettings({}).then(
        ({ path, opened }) =>
          opened || notify(`Settings file: ${path} (Tether applies what you save in it)`),
        (failure: unknown) => notify(failureReason(failure), true),
      );
    case 'tetherSettings':
      return context.openTetherSettings();
    case 'claudeSettings':
      return context.openClaudeSettings(agentFor(state, order));
    case 'usageDialog': {
      const agentId = agentFor(state, order);
      if (action.dialog === 'usage') return context.openUsageDialog({ dialog: 'usage', agentId });
      if (agentId === null) return notify('Context usage: no agent block is open');
      return context.openUsageDialog({ dialog: 'context', agentId });
    }
    case 'block':
      return void (focused && handles.get(focused)?.run(id));
    case 'focusNext': {
      if (order.length === 0) return;
      const index = focused ? order.indexOf(focused) : -1;
      return workspace.focus(order[(index + action.step + order.length) % order.length]!, true);
    }
    case 'focusDirection': {
      const from = focused && elements.get(focused)?.getBoundingClientRect();
      if (!from) return;
      const candidates = order
        .filter((blockId) => blockId !== focused)
        .map((blockId) => ({
          id: blockId,
          rect: elements.get(blockId)!.getBoundingClientRect(),
        }));
      const target = neighbourInDirection(from, candidates, action.direction);
      return void (target && workspace.focus(target, true));
    }
    case 'focusHeader':
      // The way out of a terminal, which keeps Tab for the shell. The title, not a button: an
      // Enter meant for the terminal must not close it.
      return void (
        focused && elements.get(focused)?.querySelector<HTMLElement>('.block-title')?.focus()
      );
    case 'focusNeedsYou': {
      const target = nextBlockToVisit(order, context.shown, focused);
      return void (target && workspace.focus(target, true));
    }
  }
}
