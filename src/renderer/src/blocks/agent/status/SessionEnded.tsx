import type { Ref } from 'react';
import type { SessionLifecycle } from '../../../../../shared/agent-control';
import { SessionNotice } from './SessionNotice';

type Exited = SessionLifecycle & { state: 'exited' };

const headings: Record<Exited['reason'], string> = {
  failed_to_start: 'Claude Code could not start',
  crashed: 'Claude Code stopped unexpectedly',
  ended: 'Claude Code finished',
  disposed: 'The session was closed',
  disconnected: 'Disconnected',
};

/** Why the session is over, in the CLI's and the host's words, and a way to start it again. */
export function SessionEnded({
  exited,
  onRestart,
  ref,
}: {
  exited: Exited;
  onRestart(): void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const failed = exited.reason !== 'ended' && exited.reason !== 'disposed';
  return (
    <SessionNotice
      className={failed ? 'agent-ended failed' : 'agent-ended'}
      alert={failed}
      heading={headings[exited.reason]}
      onRestart={onRestart}
      ref={ref}
    >
      {exited.message}
    </SessionNotice>
  );
}
