import type { HostApi } from '../../../shared/host-api';
import type { BlockSpec } from '../../../shared/workspace-state';
import { findBlockKind, type BlockHandle } from '../blocks/registry';

interface BlockFrameProps {
  blockId: string;
  spec: BlockSpec;
  api: HostApi;
  focused: boolean;
  onFocus(): void;
  onClose(): void;
  onSpecChange(patch: Partial<BlockSpec>): void;
  handleRef(handle: BlockHandle | null): void;
}

/** The region around one block: its name for assistive technology, a title bar, a close button. */
export function BlockFrame(props: BlockFrameProps) {
  const kind = findBlockKind(props.spec.kind);
  const label = kind?.label ?? 'Block';
  const Body = kind?.component;
  return (
    <div
      role="region"
      aria-label={label}
      className={props.focused ? 'block focused' : 'block'}
      data-block-id={props.blockId}
      onFocusCapture={props.onFocus}
      onMouseDown={props.onFocus}
    >
      <div className="block-header">
        <span className="block-title" title={props.spec.cwd}>
          {label} · {props.spec.cwd}
        </span>
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
            handleRef={props.handleRef}
          />
        ) : (
          <UnknownBlock kind={props.spec.kind} handleRef={props.handleRef} />
        )}
      </div>
    </div>
  );
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
