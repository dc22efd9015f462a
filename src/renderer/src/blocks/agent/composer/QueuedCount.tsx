import { isQueued, type PendingPrompt } from '../model/pending-prompts';

/** "2 queued" in the block's header while messages wait behind the running turn. */
export function QueuedCount({ prompts }: { prompts: readonly PendingPrompt[] }) {
  const count = prompts.filter(isQueued).length;
  if (count === 0) return null;
  return <span className="agent-queued-count">{count} queued</span>;
}
