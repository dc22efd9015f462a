import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ImageAttachment } from '../../../../shared/contract/composer';
import type { BlockProps } from '../registry';
import './agent.css';
import { AgentHeader } from './status/AgentHeader';
import { BackgroundTasks } from './tasks/BackgroundTasks';
import { Composer, type ComposerInsertion } from './composer/Composer';
import { QueuedMessages } from './composer/QueuedMessages';
import { useMessageQueue } from './composer/use-message-queue';
import { AgentStore } from './model/agent-store';
import { isQueued } from './model/pending-prompts';
import { startMarkdownWorker } from './markdown/markdown-trees';
import { userPrompts } from './model/transcript-model';
import { turnReplies } from './model/turn-replies';
import { openExternalLink } from '../../host/open-external-link';
import { askingAgent } from './permission/asking-agent';
import { RequestDialog } from './permission/RequestDialog';
import { RequestError } from './status/RequestError';
import { SendingPrompts } from './transcript/SendingPrompts';
import { SessionEnded } from './status/SessionEnded';
import { useRemoteReconnect } from './use-remote-reconnect';
import { Disconnected } from '../reconnect/Disconnected';
import { SessionUnresponsive } from './status/SessionUnresponsive';
import { AgentActionsContext, RewindUnavailableContext, type AgentActions } from './agent-actions';
import { ExportTranscript } from './export/ExportTranscript';
import { ReviewChanges } from './review/ReviewChanges';
import { ReviewCommentList } from './review/ReviewCommentList';
import { ReviewCommentsContext } from './review/review-comments-context';
import { useReviewComments } from './review/use-review-comments';
import { RewindFiles } from './rewind/RewindFiles';
import { TaskPanel } from './tasks/TaskPanel';
import { McpFailed } from './mcp/McpFailed';
import type { FindTarget } from './transcript/transcript-highlights';
import { TranscriptFind } from './transcript/TranscriptFind';
import { Transcript } from './transcript/Transcript';
import { useAgentCommands } from './use-agent-commands';
import { useAgentLink } from './use-agent-link';
import { useBlockActivity } from './status/use-block-activity';
import { sessionTitle } from '../session-title';
import { errorMessage } from '../../../../shared/error-message';
import { failureReason } from '../../../../shared/host-api';
import { LoginToClaude, accountSummary } from './login/LoginToClaude';
import { refusedPrompt } from './login/refused-prompt';
import { ModalDialog } from '../../ui/ModalDialog';
import { inputFirstFrame } from '../input-first';

// xterm is loaded when the raw view is first opened, not with every agent block.
const RawView = lazy(() => import('./raw/RawView').then(({ RawView }) => ({ default: RawView })));

/** The dialog open over the block: one at a time. */
type AgentDialog =
  | { kind: 'export' }
  | { kind: 'review' }
  /** "Rewind code to here", for the prompt with this id. */
  | { kind: 'rewind'; userMessageId: string }
  /** "Log in to Claude", then the prompt the CLI refused for want of a login, sent again. */
  | { kind: 'login'; prompt: string | undefined };

/**
 * A Claude Code session as a block: header, transcript, composer, the permission prompt the CLI
 * waits on, and the raw pty output one button away.
 */
export function AgentBlock({
  blockId,
  spec,
  api,
  onSpecChange,
  handleRef,
  onActivity,
  onRunInTerminal,
  onForkAgent,
  onShowContextUsage,
}: BlockProps) {
  const root = useRef<HTMLDivElement>(null);
  // Streaming in a block the user is not typing in redraws less often, so their keys come first.
  const [store] = useState(() => new AgentStore(inputFirstFrame(() => root.current)));
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [error, setError] = useState<string | null>(null);
  const [rawOpen, setRawOpen] = useState(false);
  const [insertion, setInsertion] = useState<ComposerInsertion | null>(null);
  const insert = (text: string, images: readonly ImageAttachment[] = []) =>
    setInsertion((last) => ({ text, images, serial: (last?.serial ?? 0) + 1 }));
  const [finding, setFinding] = useState(false);
  const [dialog, setDialog] = useState<AgentDialog | null>(null);
  /** What the last dialog did (exported the transcript, rewound the files), until dismissed. */
  const [outcome, setOutcome] = useState<string | null>(null);
  const [findTarget, setFindTarget] = useState<FindTarget | null>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const restartButton = useRef<HTMLButtonElement>(null);
  const latest = useRef({ spec, onSpecChange });
  latest.current = { spec, onSpecChange };

  const report = useCallback((failure: unknown) => setError(errorMessage(failure)), []);
  const link = useAgentLink(api, blockId, store, {
    cwd: spec.cwd,
    ...(spec.host ? { host: spec.host } : {}),
    resumeSessionId: () => latest.current.spec.sessionId,
    forkSession: () => latest.current.spec.fork === true,
    resumeAt: () => latest.current.spec.resumeAt,
    onError: (message, failure) =>
      reconnect.openFailed(failureReason(failure ?? message)) || setError(message),
  });

  const { info, lifecycle, pending } = snapshot;
  const reconnect = useRemoteReconnect(lifecycle, (byUser) => {
    setError(null);
    return link.current?.restart().then(() => byUser && composer.current?.focus());
  });
  const prompts = useMemo(
    () => [...userPrompts(snapshot.items), ...snapshot.sending.map((prompt) => prompt.text)],
    [snapshot.items, snapshot.sending],
  );
  const sessionName = spec.title ?? (prompts[0] ? sessionTitle(prompts[0]) : undefined);
  const exited = lifecycle.state === 'exited' ? lifecycle : null;
  const unresponsive = lifecycle.state === 'unresponsive' ? lifecycle : null;
  const request = pending[0];

  // A restart resumes the Claude session the CLI announced, in the directory the host chose.
  useEffect(() => {
    const { spec: current, onSpecChange: change } = latest.current;
    // A fork's new session is the one to resume from now on.
    if (info.sessionId && info.sessionId !== current.sessionId)
      change({
        sessionId: info.sessionId,
        ...(current.fork ? { fork: undefined, resumeAt: undefined } : {}),
      });
  }, [info.sessionId]);
  useEffect(() => {
    const { spec: current, onSpecChange: change } = latest.current;
    if (snapshot.cwd && snapshot.cwd !== current.cwd) change({ cwd: snapshot.cwd });
  }, [snapshot.cwd]);
  // The name the user gives the block names its Claude session too, so other clients (and a
  // resume) show it; the CLI keeps it in the session file.
  const named = useRef(spec.title);
  useEffect(() => {
    if (spec.title === named.current) return;
    named.current = spec.title;
    // A session that is not running keeps its old name: the block's title is what counts here.
    if (spec.title) {
      api.renameAgent({ agentId: blockId, title: spec.title }).catch((error: unknown) => {
        console.warn(`tether: the Claude session keeps its old name (${errorMessage(error)})`);
      });
    }
  }, [api, blockId, spec.title]);
  // Its replies stream: a worker started now is loaded by the first (a transcript read from the
  // library never streams, and never starts one).
  useEffect(startMarkdownWorker, []);

  useEffect(() => {
    handleRef({
      focus: () => {
        const dialog = root.current?.querySelector<HTMLElement>('[role="dialog"]');
        if (dialog) dialog.focus();
        else if (exited || reconnect.lost) restartButton.current?.focus();
        else composer.current?.focus();
      },
      run: (commandId) => {
        if (commandId === 'agent.toggleRaw') setRawOpen((open) => !open);
        if (commandId === 'agent.find') setFinding(true);
        if (commandId === 'agent.export') setDialog({ kind: 'export' });
        if (commandId === 'agent.review') setDialog({ kind: 'review' });
        if (commandId === 'agent.login')
          setDialog({ kind: 'login', prompt: waitingPrompt.current });
      },
      insert,
      digest: () => ({ title: sessionName ?? '', turns: turnReplies(snapshot.items) }),
      send: (text) => send(text),
    });
    return () => handleRef(null);
  });

  const suggestFiles = useCallback(
    (query: string) =>
      api.suggestAgentFiles({ agentId: blockId, query }).then(({ paths }) => paths),
    [api, blockId],
  );

  // An agent on another machine cannot read files here: dropped ones go over first (as for a
  // remote terminal), and their copies' paths are typed; a failed copy types nothing and says why.
  const copiedTo = useCallback(
    (host: string) => (paths: readonly string[]) =>
      api.copyToHost({ host, paths: [...paths] }).then(
        (copied) => copied.paths,
        (failure: unknown) => {
          report(failure);
          return [];
        },
      ),
    [api, report],
  );

  const onOpenLink = useCallback(
    (url: string) => void openExternalLink(api, url).catch(report),
    [api, report],
  );
  // Read when the actions are used, so that they need not change with each turn.
  const waitingPrompt = useRef<string | undefined>(undefined);
  waitingPrompt.current = refusedPrompt(snapshot.items);
  const sessionId = useRef(info.sessionId);
  sessionId.current = info.sessionId;
  // One object while the workspace's callbacks stay the same, so the transcript's rows keep theirs.
  const actions = useMemo(
    (): AgentActions => ({
      ...(onRunInTerminal ? { runInTerminal: onRunInTerminal } : {}),
      rewindTo: (userMessageId: string) => setDialog({ kind: 'rewind', userMessageId }),
      logIn: () => setDialog({ kind: 'login', prompt: waitingPrompt.current }),
      ...(onForkAgent
        ? {
            forkBefore: (uuid: string, text: string) => {
              if (sessionId.current)
                onForkAgent({ sessionId: sessionId.current, beforePrompt: uuid, text });
              else setError('The session has not started yet, so there is nothing to fork.');
            },
          }
        : {}),
    }),
    [onRunInTerminal, onForkAgent],
  );

  const busy =
    snapshot.status !== 'idle' && snapshot.status !== 'exited' && snapshot.status !== 'starting';
  useBlockActivity(snapshot, busy, error, onActivity);
  const rewindUnavailable =
    snapshot.status === 'idle'
      ? null
      : exited
        ? 'The session has ended: restart it to rewind.'
        : busy
          ? 'Claude is working: rewind once the turn is over.'
          : 'The session has not started yet.';
  const { keepImages, ...queue } = useMessageQueue(api, blockId, store, snapshot, {
    insert,
    report,
  });
  const { send, answer, requestTakesFocus, restart, ...settings } = useAgentCommands(
    api,
    blockId,
    store,
    {
      info,
      request,
      busy,
      link,
      root,
      composer,
      onSend: (text) => {
        // Until the user names it, the block is titled by what its session is about.
        const { spec: current, onSpecChange: change } = latest.current;
        if (text && !current.title && prompts.length === 0) change({ title: sessionTitle(text) });
      },
      insert,
      keepImages,
      setError,
      report,
    },
  );
  const review = useReviewComments(
    api,
    blockId,
    snapshot.items,
    spec.reviewComments ?? [],
    (comments) =>
      latest.current.onSpecChange({ reviewComments: comments.length ? [...comments] : undefined }),
    (text) => send(text),
  );
  // A dialog closes itself only: one that finishes late leaves a newer one open.
  const closeDialog = (shown: AgentDialog, outcome?: string | null) => {
    setDialog((open) => (open === shown ? null : open));
    if (outcome !== undefined) setOutcome(outcome);
    composer.current?.focus();
  };
  return (
    <div className="agent-block" ref={root}>
      <div className="agent-main" inert={request !== undefined}>
        <AgentHeader
          snapshot={snapshot}
          mode={settings.mode}
          onModeChange={settings.changeMode}
          model={settings.model}
          onModelChange={settings.changeModel}
          rawOpen={rawOpen}
          onToggleRaw={() => setRawOpen(!rawOpen)}
          onReview={() => setDialog({ kind: 'review' })}
          onShowContextUsage={onShowContextUsage}
        />
        {reconnect.lost ? (
          <Disconnected lost={reconnect.lost} onReconnect={reconnect.now} ref={restartButton}>
            {reconnect.lost.reason} Reconnecting resumes the session where it was.
          </Disconnected>
        ) : (
          exited && <SessionEnded exited={exited} onRestart={restart} ref={restartButton} />
        )}
        {unresponsive && <SessionUnresponsive since={unresponsive.since} onRestart={restart} />}
        <div className="agent-panes">
          {finding && (
            <TranscriptFind
              items={snapshot.items}
              onTarget={setFindTarget}
              onClose={() => {
                setFinding(false);
                composer.current?.focus();
              }}
            />
          )}
          <AgentActionsContext.Provider value={actions}>
            <RewindUnavailableContext.Provider value={rewindUnavailable}>
              <ReviewCommentsContext.Provider value={review}>
                <Transcript items={snapshot.items} onOpenLink={onOpenLink} find={findTarget} />
              </ReviewCommentsContext.Provider>
            </RewindUnavailableContext.Provider>
          </AgentActionsContext.Provider>
          <SendingPrompts prompts={snapshot.sending.filter((prompt) => !isQueued(prompt))} />
          {rawOpen && (
            <Suspense>
              <RawView
                api={api}
                agentId={blockId}
                unhandledLines={snapshot.unhandledLines}
                onOpenLink={onOpenLink}
              />
            </Suspense>
          )}
        </div>
        {outcome && (
          <p role="status" className="agent-exported">
            {outcome}{' '}
            <button type="button" className="agent-link-button" onClick={() => setOutcome(null)}>
              Dismiss
            </button>
          </p>
        )}
        {dialog?.kind === 'review' && (
          <ReviewChanges
            api={api}
            agentId={blockId}
            items={snapshot.items}
            review={review}
            onClose={() => closeDialog(dialog)}
          />
        )}
        {dialog?.kind === 'rewind' && (
          <RewindFiles
            api={api}
            agentId={blockId}
            userMessageId={dialog.userMessageId}
            onDone={(outcome) => closeDialog(dialog, outcome)}
          />
        )}
        {dialog?.kind === 'login' && (
          <ModalDialog
            label="Log in to Claude"
            className="close-confirm"
            onCancel={() => closeDialog(dialog)}
          >
            <LoginToClaude
              api={api}
              agentId={blockId}
              onCancel={() => closeDialog(dialog)}
              onLoggedIn={(account) => {
                closeDialog(dialog, `Logged in to Claude as ${accountSummary(account)}.`);
                if (dialog.prompt) send(dialog.prompt);
              }}
            />
          </ModalDialog>
        )}
        {dialog?.kind === 'export' && (
          <ExportTranscript
            api={api}
            items={snapshot.items}
            title={sessionName ?? 'Claude session'}
            onDone={(outcome) => closeDialog(dialog, outcome)}
          />
        )}
        {snapshot.retrying && (
          <div className="agent-note agent-retrying" role="status">
            {snapshot.retrying}
          </div>
        )}
        <TaskPanel tasks={snapshot.tasks} />
        <BackgroundTasks
          tasks={snapshot.backgroundTasks}
          onStop={(taskId) => api.stopAgentTask({ agentId: blockId, taskId })}
          onOutput={(taskId) => api.getAgentTaskOutput({ agentId: blockId, taskId })}
        />
        {/* A new list from the session starts the notice over: a server may fail again. */}
        <McpFailed
          key={snapshot.mcpFailed.join('\n')}
          api={api}
          agentId={blockId}
          servers={snapshot.mcpFailed}
        />
        {error && <RequestError message={error} onDismiss={() => setError(null)} />}
        <ReviewCommentList review={review} onSent={() => composer.current?.focus()} />
        <Composer
          ref={composer}
          insertion={insertion}
          draft={spec.draft}
          onDraftChange={(draft) => latest.current.onSpecChange({ draft })}
          slashCommands={info.slashCommands}
          suggestion={info.suggestion}
          onDismissSuggestion={() => store.dismissSuggestion()}
          prompts={prompts}
          busy={busy}
          onSend={send}
          suggestFiles={suggestFiles}
          {...(spec.host ? { placeFiles: copiedTo(spec.host) } : {})}
          closedReason={
            exited
              ? exited.reason === 'failed_to_start'
                ? 'Claude Code did not start. Restart the session (above) to send.'
                : exited.reason === 'disconnected'
                  ? 'The connection to the host is lost. Send once it is back (Reconnect, above).'
                  : 'The session has ended. Restart the session (above) to send.'
              : undefined
          }
          onInterrupt={() => api.interruptAgent({ agentId: blockId }).catch(report)}
        />
        <QueuedMessages prompts={snapshot.sending} {...queue} />
      </div>
      {request && (
        <RequestDialog
          key={request.request_id}
          request={request}
          pending={pending.length}
          takeFocus={requestTakesFocus()}
          onAnswer={answer}
          onOpenLink={onOpenLink}
          asker={askingAgent(snapshot.items, request)}
        />
      )}
    </div>
  );
}
