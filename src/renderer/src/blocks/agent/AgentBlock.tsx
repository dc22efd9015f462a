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
import type {
  MessagePriority,
  PermissionMode,
  RequestAnswer,
} from '../../../../shared/agent-control';
import type { ImageAttachment } from '../../../../shared/composer-contract';
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
import { openExternalLink } from '../../host/open-external-link';
import { askingAgent } from './permission/asking-agent';
import { RequestDialog } from './permission/RequestDialog';
import { RequestError } from './status/RequestError';
import { SendingPrompts } from './transcript/SendingPrompts';
import { SessionEnded } from './status/SessionEnded';
import { SessionUnresponsive } from './status/SessionUnresponsive';
import { AgentActionsContext, RewindUnavailableContext, type AgentActions } from './agent-actions';
import { ExportTranscript } from './export/ExportTranscript';
import { ReviewChanges } from './review/ReviewChanges';
import { RewindFiles } from './rewind/RewindFiles';
import { TaskPanel } from './tasks/TaskPanel';
import type { FindTarget } from './transcript/transcript-highlights';
import { TranscriptFind } from './transcript/TranscriptFind';
import { Transcript } from './transcript/Transcript';
import { useAgentLink } from './use-agent-link';
import { useBlockActivity } from './status/use-block-activity';
import { sessionTitle } from '../session-title';
import { errorMessage } from '../../../../shared/error-message';

// xterm is loaded when the raw view is first opened, not with every agent block.
const RawView = lazy(() => import('./raw/RawView').then(({ RawView }) => ({ default: RawView })));

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
}: BlockProps) {
  const [store] = useState(() => new AgentStore());
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [error, setError] = useState<string | null>(null);
  const [rawOpen, setRawOpen] = useState(false);
  const [chosenMode, setChosenMode] = useState<string | null>(null);
  const [chosenModel, setChosenModel] = useState<string | null>(null);
  const [insertion, setInsertion] = useState<ComposerInsertion | null>(null);
  const insert = (text: string, images: readonly ImageAttachment[] = []) =>
    setInsertion((last) => ({ text, images, serial: (last?.serial ?? 0) + 1 }));
  const [finding, setFinding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  /** What the last dialog did (exported the transcript, rewound the files), until dismissed. */
  const [outcome, setOutcome] = useState<string | null>(null);
  /** The prompt whose "Rewind code to here" dialog is open. */
  const [rewinding, setRewinding] = useState<string | null>(null);
  const [findTarget, setFindTarget] = useState<FindTarget | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const restartButton = useRef<HTMLButtonElement>(null);
  // The keyboard was in the dialog just answered: it goes to the next prompt, or the composer.
  const answeredWithFocus = useRef(false);
  const latest = useRef({ spec, onSpecChange });
  latest.current = { spec, onSpecChange };

  const report = useCallback((failure: unknown) => setError(errorMessage(failure)), []);
  const link = useAgentLink(api, blockId, store, {
    cwd: spec.cwd,
    resumeSessionId: () => latest.current.spec.sessionId,
    forkSession: () => latest.current.spec.fork === true,
    resumeAt: () => latest.current.spec.resumeAt,
    onError: setError,
  });

  const { info, lifecycle, pending } = snapshot;
  const prompts = useMemo(
    () => [...userPrompts(snapshot.items), ...snapshot.sending.map((prompt) => prompt.text)],
    [snapshot.items, snapshot.sending],
  );
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
  useEffect(() => setChosenMode(null), [info.permissionMode]);
  useEffect(() => setChosenModel(null), [info.model]);
  useEffect(() => {
    // The composer can take the focus only once the dialog is gone and the rest is not inert.
    if (!request && answeredWithFocus.current) composer.current?.focus();
    answeredWithFocus.current = false;
  }, [request]);

  useEffect(() => {
    handleRef({
      focus: () => {
        const dialog = root.current?.querySelector<HTMLElement>('[role="dialog"]');
        if (dialog) dialog.focus();
        else if (exited) restartButton.current?.focus();
        else composer.current?.focus();
      },
      run: (commandId) => {
        if (commandId === 'agent.toggleRaw') setRawOpen((open) => !open);
        if (commandId === 'agent.find') setFinding(true);
        if (commandId === 'agent.export') setExporting(true);
        if (commandId === 'agent.review') setReviewing(true);
      },
      insert,
    });
    return () => handleRef(null);
  });

  const suggestFiles = useCallback(
    (query: string) =>
      api.suggestAgentFiles({ agentId: blockId, query }).then(({ paths }) => paths),
    [api, blockId],
  );

  const onOpenLink = useCallback(
    (url: string) => void openExternalLink(api, url).catch(report),
    [api, report],
  );
  // Read when a fork is asked for, so the actions need not change with it.
  const sessionId = useRef(info.sessionId);
  sessionId.current = info.sessionId;
  // One object while the workspace's callbacks stay the same, so the transcript's rows keep theirs.
  const actions = useMemo(
    (): AgentActions => ({
      ...(onRunInTerminal ? { runInTerminal: onRunInTerminal } : {}),
      rewindTo: setRewinding,
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

  const send = (text: string, images: ImageAttachment[] = [], now = false) => {
    setError(null);
    // Until the user names it, the block is titled by what its session is about.
    const { spec: current, onSpecChange: change } = latest.current;
    if (text && !current.title && prompts.length === 0) change({ title: sessionTitle(text) });
    // The CLI reports the prompt's progress (queued behind a turn, started) by this id.
    const uuid = crypto.randomUUID();
    // During a turn Enter queues it until the turn ends (not into the turn at its next tool
    // result, the CLI's default) and Ctrl+Enter steers: the turn stops and this runs at once.
    const priority: MessagePriority | undefined = busy ? (now ? 'now' : 'later') : undefined;
    store.sent(text, uuid, priority, images.length);
    keepImages(uuid, text, images);
    const message = {
      agentId: blockId,
      text,
      uuid,
      ...(images.length > 0 ? { images } : {}),
      ...(priority ? { priority } : {}),
    };
    api.sendAgentMessage(message).catch((failure: unknown) => {
      store.notSent(uuid);
      // The composer emptied itself when it sent: what did not go goes back into it, images too.
      if (text || images.length > 0) insert(text, images);
      report(failure);
    });
  };

  // The prompt stays until the host confirms: after a refusal the CLI still waits on it, and the
  // dialog says why (`answered: false`, withdrawn meanwhile, removes it as well).
  const answer = async (decision: RequestAnswer): Promise<void> => {
    if (!request) return;
    const requestId = request.request_id;
    await api.answerPermission({ agentId: blockId, requestId, decision });
    answeredWithFocus.current = root.current?.contains(document.activeElement) ?? false;
    store.answered(requestId);
  };

  const changeMode = (mode: PermissionMode) => {
    setChosenMode(mode);
    api.setAgentPermissionMode({ agentId: blockId, mode }).catch((failure: unknown) => {
      setChosenMode(null);
      report(failure);
    });
  };

  const changeModel = (model: string) => {
    setChosenModel(model);
    api.setAgentModel({ agentId: blockId, model }).catch((failure: unknown) => {
      setChosenModel(null);
      report(failure);
    });
  };

  const restart = () => {
    setError(null);
    link.current?.restart().then(() => composer.current?.focus(), report);
  };

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
  return (
    <div className="agent-block" ref={root}>
      <div className="agent-main" inert={request !== undefined}>
        <AgentHeader
          snapshot={snapshot}
          mode={chosenMode ?? info.permissionMode ?? 'default'}
          onModeChange={changeMode}
          model={chosenModel}
          onModelChange={changeModel}
          rawOpen={rawOpen}
          onToggleRaw={() => setRawOpen(!rawOpen)}
          onReview={() => setReviewing(true)}
        />
        {exited && <SessionEnded exited={exited} onRestart={restart} ref={restartButton} />}
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
              <Transcript items={snapshot.items} onOpenLink={onOpenLink} find={findTarget} />
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
        {reviewing && (
          <ReviewChanges
            api={api}
            agentId={blockId}
            items={snapshot.items}
            onClose={() => {
              setReviewing(false);
              composer.current?.focus();
            }}
          />
        )}
        {rewinding && (
          <RewindFiles
            api={api}
            agentId={blockId}
            userMessageId={rewinding}
            onDone={(outcome) => {
              setRewinding(null);
              setOutcome(outcome);
              composer.current?.focus();
            }}
          />
        )}
        {exporting && (
          <ExportTranscript
            api={api}
            items={snapshot.items}
            title={spec.title ?? (prompts[0] ? sessionTitle(prompts[0]) : 'Claude session')}
            onDone={(outcome) => {
              setExporting(false);
              setOutcome(outcome);
              composer.current?.focus();
            }}
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
        {error && <RequestError message={error} onDismiss={() => setError(null)} />}
        <Composer
          ref={composer}
          insertion={insertion}
          slashCommands={info.slashCommands}
          suggestion={info.suggestion}
          onDismissSuggestion={() => store.dismissSuggestion()}
          prompts={prompts}
          busy={busy}
          onSend={send}
          suggestFiles={suggestFiles}
          closedReason={
            exited
              ? exited.reason === 'failed_to_start'
                ? 'Claude Code did not start.'
                : 'The session has ended.'
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
          takeFocus={
            answeredWithFocus.current || (root.current?.contains(document.activeElement) ?? false)
          }
          onAnswer={answer}
          onOpenLink={onOpenLink}
          asker={askingAgent(snapshot.items, request)}
        />
      )}
    </div>
  );
}
