import { useEffect, useId, useRef, useState } from 'react';
import type { RequestResult } from '../../../../shared/contract/host';
import { failureReason, type HostApi } from '../../../../shared/host-api';
import { MAX_SETUP_COMMAND, WORKTREE_INCLUDE } from '../../../../shared/worktree-setup';
import { DialogHeader } from '../../ui/DialogHeader';
import { ModalDialog } from '../../ui/ModalDialog';
import './worktree.css';

type Setup = RequestResult<'worktreeSetup'>;

interface WorktreeSetupDialogProps {
  api: HostApi;
  /** The focused block's folder (on its host): the repository is the one it is in. */
  cwd: string;
  host: string | undefined;
  /** `saved`: what the repository's set-up is now, for the workspace to say. */
  onClose(saved?: string): void;
}

/**
 * "Worktree set-up": the command a new worktree of the focused block's repository runs in a
 * terminal beside its agent, and whether the agent waits for it. Kept in Tether's settings under
 * the repository (and its host).
 */
export function WorktreeSetupDialog({ api, cwd, host, onClose }: WorktreeSetupDialogProps) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const hint = useId();

  useEffect(() => {
    let current = true;
    api.worktreeSetup({ cwd, ...(host ? { host } : {}) }).then(
      (found) => current && setSetup(found),
      (error: unknown) => current && setFailure(failureReason(error)),
    );
    return () => {
      current = false;
    };
  }, [api, cwd, host]);
  useEffect(() => (setup ? field.current?.focus() : close.current?.focus()), [setup, failure]);

  const save = () => {
    if (!setup || saving) return;
    setSaving(true);
    setFailure(null);
    api.changeWorktreeSetup(setup).then(
      (saved) =>
        onClose(
          saved.command
            ? `New worktrees of ${saved.repo} run “${saved.command}”${saved.startAtOnce ? ' beside their agent' : ' before their agent starts'}`
            : `New worktrees of ${saved.repo} have no set-up command`,
        ),
      (error: unknown) => {
        setSaving(false);
        setFailure(failureReason(error));
      },
    );
  };

  return (
    <ModalDialog label="Worktree set-up" className="worktree-setup" onCancel={() => onClose()}>
      <DialogHeader label="Worktree set-up" onClose={() => onClose()} />
      {setup ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <p>
            For each new worktree of <code>{setup.repo}</code>
            {setup.host ? ` on ${setup.host}` : ''}. The ignored files its{' '}
            <code>{WORKTREE_INCLUDE}</code> names (<code>.env</code>, local config) are copied into
            the worktree first.
          </p>
          <label>
            Set-up command
            <input
              ref={field}
              aria-describedby={hint}
              maxLength={MAX_SETUP_COMMAND}
              placeholder="npm ci"
              spellCheck={false}
              value={setup.command}
              onChange={(event) => setSetup({ ...setup, command: event.target.value })}
            />
          </label>
          <p id={hint} className="worktree-setup-hint">
            Runs in a terminal below the agent, in the worktree; empty: none.
          </p>
          <label className="worktree-setup-check">
            <input
              type="checkbox"
              checked={setup.startAtOnce}
              onChange={(event) => setSetup({ ...setup, startAtOnce: event.target.checked })}
            />
            Start the agent at once
          </label>
          <p className="worktree-setup-hint">
            Unchecked, the agent waits until the set-up succeeds.
          </p>
          {failure && (
            <p role="alert" className="close-confirm-failure">
              {failure}
            </p>
          )}
          <div className="close-confirm-buttons">
            <button type="button" onClick={() => onClose()}>
              Cancel
            </button>
            <button type="submit" disabled={saving}>
              Save
            </button>
          </div>
        </form>
      ) : (
        <>
          {failure ? (
            <p role="alert" className="close-confirm-failure">
              No worktree set-up here: {failure}
            </p>
          ) : (
            <p role="status">Finding the repository…</p>
          )}
          <div className="close-confirm-buttons">
            <button type="button" ref={close} onClick={() => onClose()}>
              Close
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
