import type { CommandId } from '../../../shared/commands';
import type { Direction } from './layout';
import type { UsageDialogKind } from '../settings/usage/usage-dialogs';

export type WorkspaceAction =
  | { type: 'new'; kind: string; orientation: 'horizontal' | 'vertical' }
  /** An agent block in a new git worktree of the focused block's repository. */
  | { type: 'newInWorktree' }
  /** "Worktrees": the Tether worktrees of the focused block's repository (or the first block's). */
  | { type: 'worktrees' }
  /** "Worktree set-up" of the focused block's repository. */
  | { type: 'worktreeSetup' }
  /** A block of `kind` on another machine: asks which one first ("Connect to host"). */
  | { type: 'newOnHost'; kind: string }
  | { type: 'close' }
  | { type: 'reopen' }
  | { type: 'rename' }
  | { type: 'maximize' }
  /** Percent of the enclosing split to add to the focused block (negative: take away). */
  | { type: 'resize'; step: number }
  | { type: 'focusNext'; step: 1 | -1 }
  | { type: 'focusDirection'; direction: Direction }
  /** Into the focused block's header: out of a terminal, which takes Tab itself. */
  | { type: 'focusHeader' }
  /** Blocks in `Needs you` first, then `Done`/`Failed` ones not looked at. */
  | { type: 'focusNeedsYou' }
  | { type: 'palette' }
  | { type: 'library' }
  | { type: 'rescanLibrary' }
  | { type: 'openSettings' }
  | { type: 'tetherSettings' }
  /** "Claude settings", for the focused agent block's session (or the first agent block's). */
  | { type: 'claudeSettings' }
  /** "Context usage" of the focused agent block (or the first one), and "Usage". */
  | { type: 'usageDialog'; dialog: UsageDialogKind }
  /** Handled by the focused block when it is of this kind. */
  | { type: 'block'; kind: string };

export const commandActions: Record<CommandId, WorkspaceAction> = {
  'terminal.new': { type: 'new', kind: 'terminal', orientation: 'horizontal' },
  'terminal.newBelow': { type: 'new', kind: 'terminal', orientation: 'vertical' },
  'agent.new': { type: 'new', kind: 'agent', orientation: 'horizontal' },
  'agent.newInWorktree': { type: 'newInWorktree' },
  'worktree.list': { type: 'worktrees' },
  'worktree.setup': { type: 'worktreeSetup' },
  'terminal.newOnHost': { type: 'newOnHost', kind: 'terminal' },
  'agent.newOnHost': { type: 'newOnHost', kind: 'agent' },
  'block.close': { type: 'close' },
  'block.reopen': { type: 'reopen' },
  'block.rename': { type: 'rename' },
  'block.maximize': { type: 'maximize' },
  'block.grow': { type: 'resize', step: 10 },
  'block.shrink': { type: 'resize', step: -10 },
  'focus.next': { type: 'focusNext', step: 1 },
  'focus.previous': { type: 'focusNext', step: -1 },
  'focus.left': { type: 'focusDirection', direction: 'left' },
  'focus.right': { type: 'focusDirection', direction: 'right' },
  'focus.up': { type: 'focusDirection', direction: 'up' },
  'focus.down': { type: 'focusDirection', direction: 'down' },
  'focus.needsYou': { type: 'focusNeedsYou' },
  'focus.header': { type: 'focusHeader' },
  'palette.open': { type: 'palette' },
  'library.open': { type: 'library' },
  'library.rescan': { type: 'rescanLibrary' },
  'terminal.find': { type: 'block', kind: 'terminal' },
  'terminal.copy': { type: 'block', kind: 'terminal' },
  'terminal.paste': { type: 'block', kind: 'terminal' },
  'terminal.selectAll': { type: 'block', kind: 'terminal' },
  'terminal.previousCommand': { type: 'block', kind: 'terminal' },
  'terminal.nextCommand': { type: 'block', kind: 'terminal' },
  'terminal.copyLastOutput': { type: 'block', kind: 'terminal' },
  'terminal.askSelection': { type: 'block', kind: 'terminal' },
  'terminal.askLastCommand': { type: 'block', kind: 'terminal' },
  'agent.toggleRaw': { type: 'block', kind: 'agent' },
  'agent.find': { type: 'block', kind: 'agent' },
  'agent.export': { type: 'block', kind: 'agent' },
  'agent.review': { type: 'block', kind: 'agent' },
  'tether.settings': { type: 'tetherSettings' },
  'agent.login': { type: 'block', kind: 'agent' },
  'settings.open': { type: 'openSettings' },
  'claude.settings': { type: 'claudeSettings' },
  'claude.contextUsage': { type: 'usageDialog', dialog: 'context' },
  'claude.usage': { type: 'usageDialog', dialog: 'usage' },
};
