import { useEffect, useRef } from 'react';
import type { BlockSpec } from '../../../../shared/workspace-state';
import type { BlockProps } from '../registry';
import { AgentBlock } from './AgentBlock';
import './agent.css';

type Setup = NonNullable<BlockSpec['setup']>;

/**
 * An agent block whose worktree's set-up runs first ("Worktree set-up"): the agent starts once the
 * set-up terminal beside it has succeeded. Until then no Claude process runs for the block.
 */
export function AgentAfterSetup(props: BlockProps) {
  const { setup } = props.spec;
  return setup ? <WorktreeSetupWait {...props} setup={setup} /> : <AgentBlock {...props} />;
}

/** Why the set-up failed, after its command: the exit code, or what ended it otherwise. */
function failure(setup: Setup): string | null {
  if (setup.exitCode !== undefined) return `exited with code ${setup.exitCode}`;
  return setup.problem ?? null;
}

/**
 * The wait, in one line, and a way not to: the set-up's terminal reports its end (the shell ends
 * with the command's exit code). A failed set-up says so and leaves everything as it is.
 */
function WorktreeSetupWait({
  spec,
  api,
  onSpecChange,
  handleRef,
  onActivity,
  setup,
}: BlockProps & { setup: Setup }) {
  const button = useRef<HTMLButtonElement>(null);
  const failed = failure(setup);
  const latest = useRef({ setup, onSpecChange });
  latest.current = { setup, onSpecChange };

  useEffect(() => {
    if (!setup.terminal || failed) return;
    const terminal = setup.terminal;
    return api.onEvent('terminalExit', ({ terminalId, exitCode, signal, disconnected }) => {
      if (terminalId !== terminal) return;
      const { setup: current, onSpecChange: change } = latest.current;
      if (exitCode === 0 && !signal && disconnected === undefined) {
        return change({ setup: undefined });
      }
      const why = disconnected
        ? { problem: `stopped: ${disconnected}` }
        : signal
          ? { problem: `ended on signal ${signal}` }
          : { exitCode };
      change({ setup: { ...current, ...why } });
    });
  }, [api, setup.terminal, failed]);

  useEffect(() => {
    onActivity?.(
      failed
        ? { kind: 'agent', status: 'Error', detail: 'The worktree set-up failed' }
        : { kind: 'agent', status: 'Starting', detail: 'Waiting for the worktree set-up' },
    );
  }, [onActivity, failed]);

  useEffect(() => {
    handleRef({ focus: () => button.current?.focus(), run: () => undefined });
    return () => handleRef(null);
  }, [handleRef]);

  const start = () => onSpecChange({ setup: undefined });
  const where = spec.worktree?.path ?? spec.cwd;
  return (
    <div className="agent-block worktree-setup-wait">
      {failed ? (
        <div className="agent-ended failed" role="alert">
          <p>
            The worktree set-up failed: <code>{setup.command}</code> {failed}. The worktree is left
            at <code>{where}</code> for you, as it is.
          </p>
          <button type="button" ref={button} onClick={start}>
            Start the agent anyway
          </button>
        </div>
      ) : (
        <div className="agent-ended">
          <p role="status">
            Waiting for the worktree set-up: <code>{setup.command}</code>
          </p>
          <button type="button" ref={button} onClick={start}>
            Start the agent now
          </button>
        </div>
      )}
    </div>
  );
}
