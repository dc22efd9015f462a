import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../shared/error-message';
import { failureReason } from '../../../../shared/host-api';
import { setupCommandLine } from '../../../../shared/worktree-setup';
import { AppInfoContext } from '../../host/app-info';
import { openExternalLink } from '../../host/open-external-link';
import type { EventPayload } from '../../../../shared/contract/host';
import type { BlockActivity } from '../block-activity';
import { findCommand, type CommandId } from '../../../../shared/commands';
import { ContextMenu, type MenuItem } from '../../ui/ContextMenu';
import type { BlockProps } from '../registry';
import { lastCommandMessage, selectionMessage } from './ask-claude';
import type { CommandLog } from './command-log';
import { type MarkerAnchor, watchShellMarks } from './command-marks-view';
import { textBetween } from './command-output';
import { Disconnected } from '../reconnect/Disconnected';
import { useReconnect } from '../reconnect/use-reconnect';
import { disconnectLine } from './disconnect-line';
import { acceptFileDrops, shellQuoting, shellWords } from './dropped-files';
import { FindBar } from './FindBar';
import { keepClosedScreen, takeClosedScreen } from './closed-screens';
import { linkTerminal } from './terminal-link';
import { TerminalView } from './terminal-view';
import { useTerminalAppearance } from './use-terminal-appearance';

/** How long a shell without shell integration gets to show its prompt. */
const PROMPT_WAIT_MS = 2000;
const NOTICE_MS = 4000;

/**
 * The user's shell in xterm.js, here or on another machine; when the shell exits the block says so
 * and offers a restart, and when a remote one's connection dies it reconnects.
 */
export function TerminalBlock({
  blockId,
  spec,
  api,
  onSpecChange,
  handleRef,
  onActivity,
  onAskAgent,
}: BlockProps) {
  const container = useRef<HTMLDivElement>(null);
  const restartButton = useRef<HTMLButtonElement>(null);
  const reconnectButton = useRef<HTMLButtonElement>(null);
  // The view is made in a layout effect and read through a ref, so the workspace can focus it in
  // the same commit that mounted the block.
  const viewRef = useRef<TerminalView | null>(null);
  const [view, setView] = useState<TerminalView | null>(null);
  const appearance = useTerminalAppearance(view);
  const [generation, setGeneration] = useState(0);
  const [exit, setExit] = useState<EventPayload<'terminalExit'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What a command with nothing else to show did ("Copy last command output"), for a moment.
  const [notice, setNotice] = useState<string | null>(null);
  // The remote shell has not opened since the block was made: there is no old output to keep.
  const [neverOpened, setNeverOpened] = useState(false);
  const [finding, setFinding] = useState(false);
  const findInput = useRef<HTMLInputElement>(null);
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const { windowsPty, platform = '', shell: newShell } = useContext(AppInfoContext);
  // What this block's shell is, as the host opened it: a shell set in the settings since start
  // (or before a reload) may not be the one new terminals get.
  const shell = useRef<string | undefined>(undefined);
  // A new shell on the same host in the same folder, below the old output (see disconnect-line.ts).
  const reconnect = useReconnect((byUser) => {
    setError(null);
    setGeneration((current) => current + 1);
    if (byUser) viewRef.current?.focus();
  });
  const latest = useRef({ spec, onSpecChange, onActivity, onAskAgent, reconnect });
  latest.current = { spec, onSpecChange, onActivity, onAskAgent, reconnect };
  // The commands this shell ran, when it has shell integration.
  const commandLog = useRef<CommandLog<MarkerAnchor> | null>(null);
  // Text to type at the prompt ("Run in terminal"), held until the shell shows one: typed into a
  // shell still starting, a line break would run it before its line editor could hold it.
  const atPrompt = useRef(false);
  const toPaste = useRef<string[]>([]);
  // The spec's set-up command, typed once (the spec drops it on the next render).
  const ran = useRef(false);
  const typing = useRef({ api, blockId, newShell });
  typing.current = { api, blockId, newShell };
  const pasteWaiting = () => {
    const view = viewRef.current;
    if (!view || !atPrompt.current) return;
    const {
      spec: { run },
      onSpecChange,
    } = latest.current;
    if (run && !ran.current) {
      ran.current = true;
      onSpecChange({ run: undefined });
      // Keys rather than a paste: a pasted line break would not run it.
      const { api, blockId, newShell } = typing.current;
      const data = `${setupCommandLine(run, shell.current ?? newShell)}\r`;
      api.writeTerminal({ terminalId: blockId, data }).catch((failure: unknown) => {
        setError(`The set-up command could not be typed: ${failureReason(failure)}`);
      });
    }
    for (const text of toPaste.current.splice(0)) view.term.paste(text);
  };

  useLayoutEffect(() => {
    const created = new TerminalView(container.current!, {
      openLink: (url) => {
        openExternalLink(api, url).catch((failure: unknown) => setError(errorMessage(failure)));
      },
      windowsPty,
      appearance: appearance.current,
    });
    const observer = new ResizeObserver(() => created.fit());
    observer.observe(container.current!);
    const closedScreen = takeClosedScreen(blockId);
    if (closedScreen) created.term.write(closedScreen);
    viewRef.current = created;
    setView(created);
    return () => {
      observer.disconnect();
      viewRef.current = null;
      keepClosedScreen(blockId, created.serialize());
      created.dispose();
    };
  }, [api, windowsPty, appearance, blockId]);

  // One terminal id per block, so that a reloaded page finds the shell it had. A restart (the
  // `generation`) opens the new shell under the same id: the exited one has left the host.
  useEffect(() => {
    if (!view) return;
    // Compared with the folder last reported, not the last render's spec: marks parsed in one go
    // (a reloaded page's restored screen) report several folders before the block renders again,
    // and "Run in terminal" must find the shell where the last one says, not where the first did.
    let reported = latest.current.spec.cwd;
    const onDirectory = (cwd: string) => {
      if (cwd === reported) return;
      reported = cwd;
      latest.current.onSpecChange({ cwd });
    };
    // The marks in a reloaded page's restored screen rebuild the state the user had already
    // been shown: an old failure comes back seen, without a second notification.
    let replayed: { activity?: BlockActivity } | null = null;
    atPrompt.current = false;
    // A shell without integration shows no prompt mark: after a moment, its prompt is taken as up.
    const promptWait = setTimeout(() => {
      atPrompt.current = true;
      pasteWaiting();
    }, PROMPT_WAIT_MS);
    const marks = watchShellMarks(view.term, {
      onDirectory,
      onPrompt: () => {
        atPrompt.current = true;
        pasteWaiting();
      },
      onActivity: (activity) => {
        if (replayed) replayed.activity = activity;
        else latest.current.onActivity?.(activity);
      },
    });
    commandLog.current = marks.log;
    latest.current.onActivity?.({ kind: 'terminal', status: 'Idle' });
    const unlink = linkTerminal(api, view, blockId, latest.current.spec, {
      onDirectory,
      onExit: (exited) => {
        latest.current.onActivity?.({ kind: 'terminal', status: 'Exited' });
        if (exited.disconnected === undefined) return setExit(exited);
        const host = latest.current.spec.host ?? 'the host';
        view.term.write(disconnectLine(host, exited.disconnected));
        latest.current.reconnect.disconnected(exited.disconnected);
      },
      onError: setError,
      onOpened: (failure) => {
        const { reconnect, spec } = latest.current;
        if (!reconnect.trying()) {
          if (!failure) return;
          // A host that is not there yet (a restored layout opening before the network is up)
          // is tried again as a lost connection is.
          if (!spec.host) return setError(failure);
          setNeverOpened(true);
          return reconnect.disconnected(failure);
        }
        if (failure) return reconnect.failed(failure);
        setNeverOpened(false);
        reconnect.connected();
      },
      onShell: (file) => {
        shell.current = file;
      },
      onReplay: (replaying) => {
        const rebuilt = replayed?.activity;
        replayed = replaying ? {} : null;
        if (rebuilt) latest.current.onActivity?.(rebuilt, { alreadySeen: true });
      },
    });
    return () => {
      clearTimeout(promptWait);
      unlink();
      marks.dispose();
      commandLog.current = null;
    };
  }, [api, view, blockId, generation]);

  useEffect(() => {
    const type = (paths: readonly string[], quoting: ReturnType<typeof shellQuoting>) => {
      viewRef.current?.term.paste(shellWords(paths, quoting));
      viewRef.current?.focus();
    };
    return acceptFileDrops(container.current!, (paths) => {
      const { host } = latest.current.spec;
      if (!host) return type(paths, shellQuoting(shell.current ?? newShell, platform));
      // The shell there cannot read files here: they go over first, and their copies are typed
      // (a remote login shell is taken to quote as POSIX shells do).
      api.copyToHost({ host, paths }).then(
        (copied) => type(copied.paths, 'posix'),
        (failure: unknown) => setError(failureReason(failure)),
      );
    });
  }, [api, newShell, platform]);

  /** The last finished command and its output, when the shell reports commands. */
  const lastCommand = (view: TerminalView) => {
    const last = commandLog.current?.lastFinished;
    if (!last?.output || !last.end) return undefined;
    return { ...last, text: textBetween(view.term.buffer.active, last.output, last.end) };
  };
  const noCommand = 'No finished command: the shell reports none (it needs shell integration).';

  const run = (commandId: CommandId) => {
    const view = viewRef.current;
    if (!view) return;
    const { spec: current, onAskAgent: ask } = latest.current;
    // Open already: the field takes the keyboard again.
    if (commandId === 'terminal.find') {
      setFinding(true);
      findInput.current?.focus();
    }
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
      const last = lastCommand(view);
      if (!last) setError(noCommand);
      else {
        const lines = last.text.trimEnd().split('\n').length;
        navigator.clipboard.writeText(last.text).then(
          () =>
            setNotice(
              `Copied the output of ${last.commandLine ? `“${last.commandLine}”` : 'the last command'} (${lines} ${lines === 1 ? 'line' : 'lines'})`,
            ),
          () => setError('The clipboard could not be written.'),
        );
      }
    }
    if (commandId === 'terminal.paste') {
      navigator.clipboard.readText().then(
        (text) => view.term.paste(text),
        () => setError('The clipboard could not be read.'),
      );
    }
    if (commandId === 'terminal.askSelection') {
      if (!view.term.hasSelection()) setError('Select the text to ask Claude about first.');
      else ask?.(selectionMessage(view.term.getSelection(), current.cwd));
    }
    if (commandId === 'terminal.askLastCommand') {
      const last = lastCommand(view);
      if (!last) setError(noCommand);
      else {
        const { commandLine, exitCode, text } = last;
        ask?.(lastCommandMessage({ commandLine, exitCode, output: text }, current.cwd));
      }
    }
  };

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    handleRef({
      // The find field keeps the keyboard while the bar is open (a command run from the palette
      // gives the focus back to the block it ran in).
      focus: () =>
        exit
          ? restartButton.current?.focus()
          : reconnect.lost
            ? reconnectButton.current?.focus()
            : finding
              ? findInput.current?.focus()
              : viewRef.current?.focus(),
      run,
      paste: (text) => {
        toPaste.current.push(text);
        pasteWaiting();
        viewRef.current?.focus();
      },
    });
    return () => handleRef(null);
  });

  const menuItems = (): MenuItem[] => {
    const selected = view?.term.hasSelection() ?? false;
    const item = (commandId: CommandId, disabled = false): MenuItem => ({
      label: findCommand(commandId).title,
      disabled,
      run: () => run(commandId),
    });
    return [
      item('terminal.copy', !selected),
      item('terminal.paste'),
      item('terminal.askSelection', !selected),
      item('terminal.askLastCommand', !view || !lastCommand(view)),
    ];
  };

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
          inputRef={findInput}
          onClose={() => {
            setFinding(false);
            view.focus();
          }}
        />
      )}
      <div
        className="terminal-container"
        ref={container}
        onContextMenu={(event) => {
          event.preventDefault();
          setMenu({ x: event.clientX, y: event.clientY });
        }}
      />
      {menu && (
        <ContextMenu
          x={menu.x}
          y={menu.y}
          label="Terminal"
          items={menuItems()}
          onClose={() => {
            // Back to the shell; an item that hands over to an agent moves the focus on after.
            setMenu(null);
            view?.focus();
          }}
        />
      )}
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
      {reconnect.lost && (
        <Disconnected lost={reconnect.lost} onReconnect={reconnect.now} ref={reconnectButton}>
          {neverOpened ? (
            <>
              The shell on {spec.host} did not open: {reconnect.lost.reason}
            </>
          ) : (
            <>
              The connection to {spec.host ?? 'the host'} was lost:{' '}
              {reconnect.lost.reason.replace(/\.$/, '')}. The shell could not survive it; a new one
              opens in the same folder, below the old output.
            </>
          )}
        </Disconnected>
      )}
      {notice && (
        <div className="block-notice" role="status">
          {notice}
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
