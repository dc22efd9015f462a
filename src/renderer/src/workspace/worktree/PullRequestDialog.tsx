import { useState } from 'react';
import { proposePullRequest, type SessionDigest } from '../../../../shared/commit-proposal';
import type { HostApi } from '../../../../shared/host-api';
import type { PullRequest } from '../../../../shared/pull-request';
import type { Worktree } from '../../../../shared/worktree';
import { ModalDialog } from '../../ui/ModalDialog';
import { FormFooter, useSubmit } from './form-dialog';
import './worktree.css';

interface PullRequestDialogProps {
  api: HostApi;
  worktree: Worktree;
  digest: SessionDigest;
  onDone(pullRequest: PullRequest): void;
  onCancel(): void;
}

/**
 * "Create pull request" through the GitHub CLI: title and description proposed from the session,
 * draft or ready. What stops it (gh missing or logged out, the branch not pushed) is said here in
 * one sentence, and nothing else happens.
 */
export function PullRequestDialog({
  api,
  worktree,
  digest,
  onDone,
  onCancel,
}: PullRequestDialogProps) {
  const [proposed] = useState(() => proposePullRequest(digest));
  const [title, setTitle] = useState(proposed.title);
  const [body, setBody] = useState(proposed.body);
  const [draft, setDraft] = useState(false);
  const { busy, failure, submit } = useSubmit();

  const create = () =>
    submit(async () => {
      onDone(await api.createPullRequest({ worktree, title: title.trim(), body, draft }));
    });
  return (
    <ModalDialog
      label="Create pull request"
      className="close-confirm worktree-form"
      onCancel={onCancel}
      cancelOnClickOutside={false}
    >
      <p>
        From {worktree.branch} into {worktree.base}, through the GitHub CLI (gh).
      </p>
      <label className="worktree-field">
        Title
        <input value={title} autoFocus onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label className="worktree-field">
        Description
        <textarea rows={8} value={body} onChange={(event) => setBody(event.target.value)} />
      </label>
      <label className="worktree-check">
        <input
          type="checkbox"
          checked={draft}
          onChange={(event) => setDraft(event.target.checked)}
        />
        Draft
      </label>
      <FormFooter
        busy={busy}
        doing="Creating the pull request…"
        failure={failure}
        onCancel={onCancel}
      >
        <button type="button" onClick={() => void create()} disabled={busy || !title.trim()}>
          Create pull request
        </button>
      </FormFooter>
    </ModalDialog>
  );
}
