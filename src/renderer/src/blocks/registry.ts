import type { ComponentType } from 'react';
import type { CommandId } from '../../../shared/commands';
import type { SessionDigest } from '../../../shared/commit-proposal';
import type { HostApi } from '../../../shared/host-api';
import type { BlockSpec } from '../../../shared/workspace-state';
import type { ActivityReport, BlockActivity } from './block-activity';
import { AgentAfterSetup } from './agent/WorktreeSetupGate';
import { lazyBlock } from './lazy-block';

/** What the workspace can ask of a mounted block. */
export interface BlockHandle {
  focus(): void;
  /** Runs one of the commands whose action is `{ type: 'block' }` for this kind (copy, find, …). */
  run(commandId: CommandId): void;
  /** Puts text where the user is about to type (an agent's composer), to go on from there. */
  insert?(text: string): void;
  /** Types text at the prompt, not run until the user presses Enter (a terminal). */
  paste?(text: string): void;
  /** What an agent's session was about (its title, each turn's final reply): what a commit proposes. */
  digest?(): SessionDigest;
  /** Sends a message to an agent as its composer does: queued while a turn runs. */
  send?(text: string): void;
}

export interface BlockProps {
  blockId: string;
  spec: BlockSpec;
  api: HostApi;
  onSpecChange(patch: Partial<BlockSpec>): void;
  handleRef(handle: BlockHandle | null): void;
  /** What the block is doing now (see block-activity.ts); optional for a block to report. */
  onActivity?(activity: BlockActivity, report?: ActivityReport): void;
  /** Hands text to an agent block (the last one used, else a new one in this block's folder). */
  onAskAgent?(text: string): void;
  /** Types a command into a terminal block in this block's folder (a new one if none is there). */
  onRunInTerminal?(command: string): void;
  /** Opens a new agent block in this block's folder that forks a session before one prompt. */
  onForkAgent?(fork: AgentFork): void;
  /** Shows what fills an agent block's context window ("Context usage"). */
  onShowContextUsage?(): void;
}

/** "Fork from here": the session, the prompt its fork stops before, and that prompt's text. */
export interface AgentFork {
  sessionId: string;
  beforePrompt: string;
  /** Put in the fork's composer, to send again or change. */
  text: string;
}

export interface BlockKind {
  kind: string;
  /** The block's region name. */
  label: string;
  /** The command that opens one, shown as a toolbar button. */
  newCommand: CommandId;
  component: ComponentType<BlockProps>;
  /** Deletes what the host keeps for a closed block once it can no longer be reopened. */
  forget?(api: HostApi, blockId: string): void;
}

// A block kind is one entry here plus its commands in shared/commands.ts and their actions in
// workspace/commands.ts; the toolbar, the palette and persistence follow.
export const blockKinds: readonly BlockKind[] = [
  {
    kind: 'terminal',
    label: 'Terminal',
    newCommand: 'terminal.new',
    component: lazyBlock(() => import('./terminal/TerminalBlock').then((m) => m.TerminalBlock)),
  },
  {
    kind: 'agent',
    label: 'Agent',
    newCommand: 'agent.new',
    component: AgentAfterSetup,
    forget: (api, blockId) =>
      void api.closeAgent({ agentId: blockId, forget: true }).catch(() => undefined),
  },
];

export function findBlockKind(kind: string): BlockKind | undefined {
  return blockKinds.find((entry) => entry.kind === kind);
}
