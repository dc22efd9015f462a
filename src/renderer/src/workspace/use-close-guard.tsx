import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { HostApi } from '../../../shared/host-api';
import type { BlockSpec } from '../../../shared/workspace-state';
import type { BlockActivity } from './block-state';
import { CloseConfirm } from './CloseConfirm';
import { hasRunningWork } from './running-work';

interface CloseGuardOptions {
  api: HostApi;
  blocks: Readonly<Record<string, BlockSpec>>;
  activityOf(blockId: string): BlockActivity | undefined;
  titleOf(blockId: string): string;
  close(blockId: string): void;
  /** Back into the block the user chose to keep. */
  refocus(blockId: string): void;
}

/** Closing goes through here: a block with running work asks first, an idle one closes at once. */
export function useCloseGuard(options: CloseGuardOptions): {
  requestClose(blockId: string): void;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<string | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const requestClose = useCallback((blockId: string) => {
    const { api, blocks, activityOf, close } = latest.current;
    const spec = blocks[blockId];
    if (!spec) return;
    void hasRunningWork(api, blockId, spec, activityOf(blockId)).then((running) =>
      running ? setAsking(blockId) : close(blockId),
    );
  }, []);

  const dialog =
    asking && options.blocks[asking] ? (
      <CloseConfirm
        title={options.titleOf(asking)}
        onClose={() => {
          setAsking(null);
          options.close(asking);
        }}
        onCancel={() => {
          setAsking(null);
          options.refocus(asking);
        }}
      />
    ) : null;
  return { requestClose, dialog };
}
