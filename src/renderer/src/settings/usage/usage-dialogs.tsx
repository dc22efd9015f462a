import type { HostApi } from '../../../../shared/host-api';
import { ContextUsageDialog } from './ContextUsage';
import { UsageView } from './Usage';

/** Which usage dialog is open, and for which agent block ("Usage" opens without one too). */
export type UsageDialogOpen =
  { dialog: 'context'; agentId: string } | { dialog: 'usage'; agentId: string | null };

export type UsageDialogKind = UsageDialogOpen['dialog'];

export function UsageDialogs({
  api,
  open,
  onClose,
}: {
  api: HostApi;
  open: UsageDialogOpen;
  onClose(): void;
}) {
  return open.dialog === 'context' ? (
    <ContextUsageDialog api={api} agentId={open.agentId} onClose={onClose} />
  ) : (
    <UsageView api={api} agentId={open.agentId} onClose={onClose} />
  );
}
