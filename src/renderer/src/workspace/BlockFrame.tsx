import { useRef } from 'react';
import type { HostApi } from '../../../shared/host-api';
import type { BlockSpec } from '../../../shared/workspace-state';
import { findBlockKind, type AgentFork, type BlockHandle } from '../blocks/registry';
import type { ActivityReport, BlockActivity } from '../blocks/block-activity';
import { BlockState, stateClass } from './BlockState';
import { WorktreeBadge } from './worktree/WorktreeBadge';
import { WorktreePublish } from './worktree/WorktreePublish';

interface BlockFrameProps {
  blockId: string;
  spec: BlockSpec;
  api: HostApi;
  focused: boolean;
  /** Unique among the workspace's blocks (see block-title.ts). */
  title: string;
  onFocus(): void;
  onClose(): void;
  onSpecChange(patch: Partial<BlockSpec>): void;
  handleRef(handle: BlockHandle | null): void;
  /** The state as shown (a `Done` looked at is `Idle`); before the block says, it is `Idle`. */
  activity?: BlockActivity;
  onActivity?(activity: BlockActivity, report?: ActivityReport): void;
  onAskAgent?(text: string): void;
  onRunInTerminal?(command: string): void;
  onForkAgent?(fork: AgentFork): void;
  onShowContextUsage?(): void;
  /** The block is shown alone ("Toggle maximize block"): its header says so and undoes it. */
  onRestoreLayout?: (() => void) | undefined;
}

/**
 * The region around one block: its name for assistive technology, a title bar with the block's
 * state, a close button. The state also marks the frame (colour and shape) for a glance.
 */
export function BlockFrame(props: BlockFrameProps) {
  const kind = findBlockKind(props.spec.kind);
  const label = kind?.label ?? 'Block';
  const Body = kind?.component;
  const activity = props.activity ?? idle(props.spec.kind);
  // The header's worktree controls ask the block itself what its session was about.
  const handle = useRef<BlockHandle | null>(null);
  return (
    <div
      role="region"
      aria-label={label}
      className={`block ${stateClass(activity)}${props.focused ? ' focused' : ''}`}
      data-block-id={props.blockId}
      onFocusCapture={props.onFocus}
      onMouseDown={props.onFocus}
    >
      <div className="block-header">
        {/* Where "Focus block header" puts the keyboard: Tab goes on to the header's controls,
            and Enter there closes nothing. */}
        <span className="block-title" title={props.spec.cwd} tabIndex={-1}>
          {props.title}
        </span>
        {props.spec.host && (
          <span className="block-on-host" title={`${props.spec.host}:${props.spec.cwd}`}>
            on {props.spec.host}
          </span>
        )}
        {props.spec.worktree && <WorktreeBadge api={props.api} worktree={props.spec.worktree} />}
        <BlockState activity={activity} />
        {/* After the state, whose width changes as the block is looked at: a click that shifted
            the buttons between its press and its release would land on none. */}
        {props.spec.worktree && (
          <WorktreePublish
            api={props.api}
            worktree={props.spec.worktree}
            agent={() => handle.current}
          />
        )}
        {props.onRestoreLayout && (
          <button
            type="button"
            className="block-maximized"
            aria-pressed="true"
            title="The other blocks are hidden: show them again"
            onClick={props.onRestoreLayout}
          >
            Maximized
          </button>
        )}
        <button
          type="button"
          className="block-close"
          aria-label={`Close ${label.toLowerCase()}`}
          onClick={props.onClose}
        >
          ×
        </button>
      </div>
      <div className="block-body">
        {Body ? (
          <Body
            blockId={props.blockId}
            spec={props.spec}
            api={props.api}
            onSpecChange={props.onSpecChange}
            handleRef={(block) => {
              handle.current = block;
              props.handleRef(block);
            }}
            onActivity={props.onActivity}
            onAskAgent={props.onAskAgent}
            onRunInTerminal={props.onRunInTerminal}
            onForkAgent={props.onForkAgent}
            onShowContextUsage={props.onShowContextUsage}
          />
        ) : (
          <UnknownBlock kind={props.spec.kind} handleRef={props.handleRef} />
        )}
      </div>
    </div>
  );
}

function idle(kind: string): BlockActivity {
  return kind === 'agent'
    ? { kind: 'agent', status: 'Idle' }
    : { kind: 'terminal', status: 'Idle' };
}

// A kind saved by a newer Tether: kept in the workspace untouched, shown as such.
function UnknownBlock({
  kind,
  handleRef,
}: {
  kind: string;
  handleRef(handle: BlockHandle | null): void;
}) {
  return (
    <p
      className="block-message"
      tabIndex={0}
      ref={(element) =>
        handleRef(element && { focus: () => element.focus(), run: () => undefined })
      }
    >
      This version of Tether cannot show blocks of kind “{kind}”.
    </p>
  );
}
