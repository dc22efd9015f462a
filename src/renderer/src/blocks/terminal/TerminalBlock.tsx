import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AppInfoContext } from '../../host/app-info';
import { openExternalLink } from '../../host/open-external-link';
import type { EventPayload } from '../../../../shared/host-contract';
import type { BlockActivity } from '../../workspace/block-state';
import type { BlockProps } from '../registry';
import type { CommandLog } from './command-log';
import { type MarkerAnchor, watchShellMarks } from './command-marks-view';
import { textBetween } from './command-output';
import { acceptFileDrops, localPlatform, shellWords } from './dropped-files';
import { FindBar } from './FindBar';
import { linkTerminal } from './terminal-link';
import { TerminalView } from './terminal-view';

/** The user's shell in xterm.js; when the shell exits the block says so and offers a restart. */
export function TerminalBlock({
  blockId,
  spec,
  api,
  onSpecChange,
  handleRef,
  onActivity,
}: BlockProps) {
  const container = useRef<HTMLDivElement>(null);
  const restartButton = useRef<HTMLButtonElement>(null);
  // The view is made in a layout effect and read through a ref, so the workspace can focus it in
  // the same commit that mounted the block.
  const viewRef = useRef<TerminalView | null>(null);
  const [view, setView] = useState<TerminalView | null>(null);
  const [generation, setGeneration] = useState(0);
  const [exit, setExit] = useState<EventPayload<'terminalExit'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);
  const { windowsPty } = useContext(AppInfoContext);
  const latest = useRef({ spec, onSpecChange, onActivity });
  latest.current = { spec, onSpecChange, onActivity };
  // The commands this shell ran, when it has shell integration.
  const commandLog = useRef<CommandLog<MarkerAnchor> | null>(null);

  useLayoutEffect(() => {
    const created = new TerminalView(container.current!, {
      openLink: (url) => {
        openExternalLink(api, url).catch((failure: Error) => setError(failure.message));
      },
      windowsPty,
    });
    const observer = new ResizeObserver(() => created.fit());
    observer.observe(container.current!);
    viewRef.current = created;
    setView(created);
    return () => {
      observer.disconnect();
      viewRef.current = null;
      created.dispose();
    };
  }, [api, windowsPty]);

  // One terminal id per block, so that a reloaded page finds the shell it had. A restart (the
  // `generation`) opens the new shell under the same id: the exited one has left the host.
  useEffect(() => {
    if (!view) return;
    const onDirectory = (cwd: string) => {
      if (cwd !== latest.current.spec.cwd) latest.current.onSpecChange({ cwd });
    };
    // The marks in a reloaded page's restored screen rebuild the state the user had already
    // been shown: an old failure comes back seen, without a second notification.
    let replayed: { activity?: BlockActivity } | null = null;
    const marks = watchShellMarks(view.term, {
      onDirectory,
      onActivity: (activity) => {
        if (replayed) replayed.activity = activity;
        else latest.current.onActivity?.(activity);
      },
    });
    commandLog.current = marks.log;
    latest.current.onActivity?.({ kind: 'terminal', status: 'Idle' });
    const unlink = linkTerminal(api, view, blockId, latest.current.spec.cwd, {
      onDirectory,
      onExit: (exited) => {
        setExit(exited);
        latest.current.onActivity?.({ kind: 'terminal', status: 'Exited' });
      },
      onError: setError,
      onReplay: (replaying) => {
        const rebuilt = replayed?.activity;
        replayed = replaying ? {} : null;
        if (rebuilt) latest.current.onActivity?.(rebuilt, { alreadySeen: true });
      },
    });
    return () => {
      unlink();
      marks.dispose();
      commandLog.current = null;
    };
  }, [api, view, blockId, generation]);

  useEffect(
    () =>
      acceptFileDrops(container.current!, (paths) => {
        viewRef.current?.term.paste(shellWords(paths, localPlatform()));
        viewRef.current?.focus();
      }),
    [],
  );

  useEffect(() => {
    handleRef({
      focus: () => (exit ? restartButton.current?.focus() : viewRef.current?.focus()),
      run: (commandId) => {
        const view = viewRef.current;
        if (!view) return;
        if (commandId === 'terminal.find') setFinding(true);
        if (commandId === 'terminal.selectAll') view.term.selectAll();
        if (commandId === 'terminal.copy' && view.term.hasSelection()) {
          void navigator.clipboard.writeText(view.term.getSelection());
        }
        if (commandId === 'terminal.previousCommand' || commandId === 'terminal.nextCommand') {
          const line = commandLog.current?.step(commandId === 'terminal.nextCommand' ? 1 : -1);
          if (line === undefined) view.term.scrollToBottom();
          else view.term.scrollToLine(line);
        }
        if (commandId === 'terminal.copyLastOutput') {
          const last = commandLog.current?.lastFinished;
          if (!last?.output || !last.end) {
            setError('No finished command to copy the output of: the shell reports none.');
          } else {
            const text = textBetween(view.term.buffer.active, last.output, last.end);
            navigator.clipboard
              .writeText(text)
              .catch(() => setError('The clipboard could not be written.'));
          }
        }
        if (commandId === 'terminal.paste') {
          navigator.clipboard.readText().then(
            (text) => view.term.paste(text),
            () => setError('The clipboard could not be read.'),
          );
        }
      },
    });
    return () => handleRef(null);
  });

  const restart = () => {
    view?.term.reset();
    setExit(null);
    setError(null);
    setGeneration((current) => current + 1);
    view?.focus();
  };

  return (
    <div className="terminal-block">
      {finding && view && (
        <FindBar
          search={view.search}
          onClose={() => {
            setFinding(false);
            view.focus();
          }}
        />
      )}
      <div className="terminal-container" ref={container} />
      {exit && (
        <div className="terminal-exit" role="status">
          <span>
            The shell exited
            {exit.signal ? ` on signal ${exit.signal}` : ` with code ${exit.exitCode}`}.
          </span>
          <button type="button" ref={restartButton} onClick={restart} autoFocus>
            Restart shell
          </button>
        </div>
      )}
      {error && (
        <div className="block-error" role="alert">
          {error}
          <button type="button" aria-label="Dismiss" onClick={() => setError(null)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
