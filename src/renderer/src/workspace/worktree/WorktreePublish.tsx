import { useState } from 'react';
import { createPortal } from 'react-dom';
import { fixCheckMessage, type SessionDigest } from '../../../../shared/commit-proposal';
import type { BlockHandle } from '../../blocks/registry';
import { failureReason, type HostApi } from '../../../../shared/host-api';
import { describePullRequest } from '../../../../shared/pull-request';
import type { Worktree } from '../../../../shared/worktree';
import { openExternalLink } from '../../host/open-external-link';
import { CommitDialog } from './CommitDialog';
import { PullRequestDialog } from './PullRequestDialog';
import { usePullRequest } from './use-pull-request';
import './worktree.css';

interface WorktreePublishProps {
  api: HostApi;
  worktree: Worktree;
  /** The block as mounted: its session's digest for the proposals, its composer to send by. */
  agent(): BlockHandle | null;
}

type Note = { text: string; problem: boolean };

/**
 * The header's way from worktree to pull request: "Commit", "Push", "Create pull request"; once
 * there is one, its number, state and checks with "Open pull request", and for a failed check
 * "Ask Claude to fix the failing check", which sends the agent the check with its log.
 */
export function WorktreePublish({ api, worktree, agent }: WorktreePublishProps) {
  const digest = (): SessionDigest => agent()?.digest?.() ?? { title: '', turns: [] };
  const { status, refresh } = usePullRequest(api, worktree);
  const [dialog, setDialog] = useState<'commit' | 'pullRequest' | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [busy, setBusy] = useState(false);
  const { pullRequest, failedChecks } = status;
  const failed = failedChecks[0];

  const act = async (action: () => Promise<string>) => {
    setNote(null);
    setBusy(true);
    try {
      setNote({ text: await action(), problem: false });
    } catch (error) {
      setNote({ text: failureReason(error), problem: true });
    } finally {
      setBusy(false);
    }
  };
  const push = () =>
    act(async () => {
      const { upstream } = await api.pushWorktree({ worktree });
      refresh();
      return `Pushed ${worktree.branch} to ${upstream}`;
    });
  const askToFix = (check: { name: string; link: string }) =>
    act(async () => {
      const { log } = await api.failedCheckLog({ worktree, link: check.link });
      const send = agent()?.send;
      if (!send) throw new Error(`This block has no agent to ask about ${check.name}`);
      send(fixCheckMessage(check, log));
      return `Asked Claude to fix ${check.name}`;
    });
  const dialogProps = () => ({ api, worktree, digest: digest(), onCancel: () => setDialog(null) });
  const done = (text: string) => {
    setDialog(null);
    setNote({ text, problem: false });
    refresh();
  };

  return (
    <span role="group" aria-label="Pull request" className="worktree-publish">
      <button type="button" onClick={() => setDialog('commit')} disabled={busy}>
        Commit
      </button>
      <button type="button" onClick={() => void push()} disabled={busy}>
        Push
      </button>
      {pullRequest ? (
        <>
          <span className="worktree-pr" title={pullRequest.title}>
            {describePullRequest(pullRequest)}
          </span>
          <button
            type="button"
            onClick={() => void openExternalLink(api, pullRequest.url).catch(() => undefined)}
          >
            Open pull request
          </button>
          {failed && (
            <button
              type="button"
              title={`Sends ${failed.name} and its log to Claude`}
              onClick={() => void askToFix(failed)}
              disabled={busy}
            >
              Ask Claude to fix the failing check
            </button>
          )}
        </>
      ) : (
        <button type="button" onClick={() => setDialog('pullRequest')} disabled={busy}>
          Create pull request
        </button>
      )}
      {note && (
        <span
          role={note.problem ? 'alert' : 'status'}
          className={note.problem ? 'worktree-note-problem' : undefined}
        >
          {note.text}{' '}
          <button type="button" aria-label="Dismiss" onClick={() => setNote(null)}>
            ×
          </button>
        </span>
      )}
      {dialog &&
        createPortal(
          dialog === 'commit' ? (
            <CommitDialog {...dialogProps()} onDone={done} />
          ) : (
            <PullRequestDialog
              {...dialogProps()}
              onDone={(created) => done(`Opened pull request #${created.number}`)}
            />
          ),
          document.body,
        )}
    </span>
  );
}
