import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { HostApi } from '../../../shared/host-api';
import type { WorkspaceState } from '../../../shared/workspace-state';
import { commands, findCommand, keysOn, type CommandId } from '../../../shared/commands';
import { blockKinds, findBlockKind, type BlockHandle } from '../blocks/registry';
import { BlockFrame } from './BlockFrame';
import { showDesktopNotification } from './desktop-notification';
import { useBlockElements } from './block-elements';
import { CommandPalette, type PaletteEntry } from './CommandPalette';
import { commandActions, type WorkspaceAction } from './commands';
import { blockOrder } from './layout';
import { blockTitles, forkTitle } from './block-title';
import { blockNumberKey } from './block-number-key';
import { RenameBlock } from './RenameBlock';
import { runCommand } from './run-command';
import { SessionLibrary } from '../library/SessionLibrary';
import { useCloseGuard } from './use-close-guard';
import { matchesShortcut, parseShortcut, shortcutLabel } from '../ui/shortcuts';
import { SplitView } from './SplitView';
import { useAttention } from './use-attention';
import { useAttentionCount } from './use-attention-count';
import { useNotificationSettings } from './use-notification-settings';
import { useBlockHandoffs } from './use-block-handoffs';
import { useWorkspace, type NewBlock } from './use-workspace';
import { ConnectHost } from './remote/ConnectHost';
import type { UsageDialogOpen } from '../settings/usage/usage-dialogs';
import { SshAsks } from './remote/SshAsks';
import { useSshAsks } from './remote/use-ssh-asks';
import type { RepositoryPlace } from './worktree/WorktreesDialog';

// The settings and usage dialogs (and the usage chart's library) load when one first opens, not
// with the page.
const UsageDialogs = lazy(() =>
  import('../settings/usage/usage-dialogs').then(({ UsageDialogs }) => ({ default: UsageDialogs })),
);
const ClaudeSettings = lazy(() =>
  import('../settings/ClaudeSettings').then(({ ClaudeSettings }) => ({ default: ClaudeSettings })),
);
// The worktree dialogs load on first use too: the first load keeps within its budget.
const WorktreesDialog = lazy(() =>
  import('./worktree/WorktreesDialog').then(({ WorktreesDialog }) => ({
    default: WorktreesDialog,
  })),
);
const WorktreeSetupDialog = lazy(() =>
  import('./worktree/WorktreeSetupDialog').then(({ WorktreeSetupDialog }) => ({
    default: WorktreeSetupDialog,
  })),
);
const TetherSettings = lazy(() =>
  import('../settings/tether/TetherSettings').then(({ TetherSettings }) => ({
    default: TetherSettings,
  })),
);

interface WorkspaceProps {
  api: HostApi;
  workspaceDir: string;
  isMac: boolean;
  initial: WorkspaceState;
}

export function Workspace({ api, workspaceDir, isMac, initial }: WorkspaceProps) {
  const workspace = useWorkspace(api, workspaceDir, initial, ({ blockId, spec }) =>
    findBlockKind(spec.kind)?.forget?.(api, blockId),
  );
  const { state } = workspace;
  const handles = useRef(new Map<string, BlockHandle>());
  // What a block handed over for a block that is not mounted yet (just made for it).
  const handoffs = useRef(new Map<string, (handle: BlockHandle) => void>());
  // The agent block last focused: where "Ask Claude about …" goes.
  const lastAgent = useRef<string | null>(null);
  const elements = useBlockElements(Object.keys(state.blocks));
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  // undefined: closed; null: open with no agent block to take the session from.
  const [claudeSettingsFor, setClaudeSettingsFor] = useState<string | null | undefined>(undefined);
  const [tetherSettingsOpen, setTetherSettingsOpen] = useState(false);
  const [worktreeSetupFor, setWorktreeSetupFor] = useState<{
    cwd: string;
    host: string | undefined;
  } | null>(null);
  const [usageDialog, setUsageDialog] = useState<UsageDialogOpen | null>(null);
  // undefined: closed; null: open with no block to take a repository from.
  const [worktreesFor, setWorktreesFor] = useState<RepositoryPlace | null | undefined>(undefined);
  const [notice, setNotice] = useState<{ text: string; problem: boolean } | null>(null);
  /** The kind of block "Connect to host" is asking a machine for, while it is open. */
  const [connectingKind, setConnectingKind] = useState<string | null>(null);
  const sshAsks = useSshAsks(api);
  const focusBlock = workspace.focus;
  const openBlocks = useRef(state.blocks);
  openBlocks.current = state.blocks;
  const latestBlocks = openBlocks;
  const latestLayout = useRef(state.layout);
  latestLayout.current = state.layout;
  const notificationSettings = useNotificationSettings(api);
  const attention = useAttention(
    state.focused,
    (blockId) => findBlockKind(state.blocks[blockId]?.kind ?? '')?.label ?? 'Block',
    (blockId, { title, body }) =>
      void showDesktopNotification(title, body, () => {
        // The block may have been closed since.
        if (openBlocks.current[blockId]) focusBlock(blockId, true);
      }),
    notificationSettings,
  );
  const needingYou = attention.needingYou(Object.keys(state.blocks));
  useAttentionCount(needingYou);

  const shownActivity = attention.shown;
  const titles = useMemo(
    () =>
      blockTitles(
        Object.keys(state.blocks),
        state.blocks,
        (kind) => findBlockKind(kind)?.label ?? 'Block',
        (blockId) => {
          const activity = shownActivity(blockId);
          return activity?.kind === 'terminal' && activity.status === 'Running'
            ? activity.command
            : undefined;
        },
      ),
    [state.blocks, shownActivity],
  );
  const ownSessions = useMemo(() => {
    const specs = [
      ...(state.closed ?? []).map((closed) => closed.spec),
      ...Object.values(state.blocks),
    ];
    return new Map(
      specs.flatMap((spec) =>
        spec.kind === 'agent' && spec.sessionId && !spec.host
          ? [[spec.sessionId, spec.title] as const]
          : [],
      ),
    );
  }, [state.blocks, state.closed]);
  const latestTitles = useRef(titles);
  latestTitles.current = titles;
  const closeGuard = useCloseGuard({
    api,
    blocks: state.blocks,
    order: blockOrder(state.layout),
    activityOf: attention.shown,
    titleOf: (blockId) => titles[blockId] ?? 'block',
    digestOf: (blockId) =>
      handles.current.get(blockId)?.digest?.() ?? { title: titles[blockId] ?? '', turns: [] },
    close: workspace.close,
    closeForGood: (blockId, outcome) => {
      workspace.close(blockId, false);
      setNotice({ text: outcome, problem: false });
    },
    refocus: (blockId) => workspace.focus(blockId, true),
  });
  const [renaming, setRenaming] = useState<string | null>(null);

  useEffect(() => {
    if (state.focused && state.blocks[state.focused]?.kind === 'agent')
      lastAgent.current = state.focused;
  }, [state.focused, state.blocks]);

  /**
   * Moves to a block (made at `place` when `target` is none) and gives it what was handed over.
   * `place` is where the block that hands over is: its folder, and its host for a remote block.
   */
  const handOver = useCallback(
    (
      target: string | undefined,
      kind: string,
      place: NewBlock,
      deliver: (h: BlockHandle) => void,
    ) => {
      const blockId = target ?? workspace.add(kind, 'horizontal', place);
      workspace.focus(blockId, true);
      const handle = handles.current.get(blockId);
      if (handle) deliver(handle);
      else handoffs.current.set(blockId, deliver);
    },
    [workspace],
  );
  const whereIs = (blockId: string): NewBlock => {
    const spec = latestBlocks.current[blockId];
    if (!spec) return { cwd: workspaceDir };
    return { cwd: spec.cwd, ...(spec.host ? { host: spec.host } : {}) };
  };
  const handoffsFor = useBlockHandoffs({
    askAgent: (fromId, text) => {
      const blocks = latestBlocks.current;
      const last = lastAgent.current;
      const target = last && blocks[last]?.kind === 'agent' ? last : undefined;
      handOver(target, 'agent', whereIs(fromId), (h) => h.insert?.(text));
    },
    runInTerminal: (fromId, command) => {
      const blocks = latestBlocks.current;
      const place = whereIs(fromId);
      const target = blockOrder(latestLayout.current).find(
        (blockId) =>
          blocks[blockId]?.kind === 'terminal' &&
          blocks[blockId]?.cwd === place.cwd &&
          blocks[blockId]?.host === place.host,
      );
      handOver(target, 'terminal', place, (h) => h.paste?.(command));
    },
    forkAgent: (fromId, { sessionId, beforePrompt, text }) => {
      const place = whereIs(fromId);
      const origin = latestBlocks.current[fromId]?.title ?? latestTitles.current[fromId];
      const fork = {
        ...place,
        sessionId,
        fork: true,
        resumeAt: beforePrompt,
        ...(origin ? { title: forkTitle(origin) } : {}),
      };
      handOver(workspace.add('agent', 'horizontal', fork), 'agent', place, (h) => h.insert?.(text));
    },
  });

  const perform = useCallback(
    (id: CommandId, action: WorkspaceAction) =>
      runCommand(id, action, {
        api,
        state: { layout: state.layout, focused: state.focused, blocks: state.blocks },
        workspace,
        workspaceDir,
        handles: handles.current,
        elements,
        shown: attention.shown,
        requestClose: closeGuard.requestClose,
        rename: setRenaming,
        openPalette: () => setPaletteOpen(true),
        openLibrary: () => setLibraryOpen(true),
        connectToHost: setConnectingKind,
        openClaudeSettings: setClaudeSettingsFor,
        openTetherSettings: () => setTetherSettingsOpen(true),
        openWorktreeSetup: setWorktreeSetupFor,
        openUsageDialog: setUsageDialog,
        openWorktrees: setWorktreesFor,
        notify: (text, problem = false) => setNotice({ text, problem }),
      }),
    [
      state.layout,
      state.focused,
      state.blocks,
      workspaceDir,
      elements,
      workspace,
      api,
      attention.shown,
      closeGuard,
    ],
  );

  const entries = useMemo((): PaletteEntry[] => {
    const focusedKind = state.focused ? state.blocks[state.focused]?.kind : undefined;
    return commands.map((command) => {
      const action = commandActions[command.id];
      return {
        ...command,
        keys: keysOn(command, isMac),
        enabled: () => action.type !== 'block' || action.kind === focusedKind,
        run: () => perform(command.id, action),
      };
    });
  }, [perform, state.focused, state.blocks, isMac]);

  const order = blockOrder(state.layout);
  const dialogOpen =
    paletteOpen ||
    libraryOpen ||
    connectingKind !== null ||
    claudeSettingsFor !== undefined ||
    tetherSettingsOpen ||
    worktreeSetupFor !== null ||
    usageDialog !== null ||
    worktreesFor !== undefined ||
    sshAsks.current !== null;
  const latest = useRef({ entries, dialogOpen, order, focus: workspace.focus });
  latest.current = { entries, dialogOpen, order, focus: workspace.focus };

  useEffect(() => {
    const shortcuts = latest.current.entries
      .filter((entry) => entry.keys)
      .map((entry) => ({ id: entry.id, shortcut: parseShortcut(entry.keys) }));
    const onKeyDown = (event: KeyboardEvent) => {
      if (latest.current.dialogOpen) return;
      const nth = blockNumberKey(event, isMac);
      if (nth !== null) {
        const target = latest.current.order[nth - 1];
        if (!target) return;
        event.preventDefault();
        event.stopPropagation();
        return latest.current.focus(target, true);
      }
      // Two commands may share keys for different kinds of block: the one that applies wins.
      const entry = shortcuts
        .filter(({ shortcut }) => matchesShortcut(event, shortcut, isMac))
        .map((hit) => latest.current.entries.find((candidate) => candidate.id === hit.id))
        .find((candidate) => candidate?.enabled());
      if (!entry) return;
      // Capture phase: the terminal never sees the keys of an app shortcut.
      event.preventDefault();
      event.stopPropagation();
      entry.run();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [isMac]);

  useEffect(
    () =>
      api.onEvent('runCommand', ({ command }) => {
        const entry = latest.current.entries.find((candidate) => candidate.id === command);
        if (entry?.enabled()) entry.run();
        else console.warn(`tether: no command ${command} to run here`);
      }),
    [api],
  );

  const addBlock = workspace.add;
  useEffect(
    () => api.onEvent('openTerminalIn', ({ cwd }) => addBlock('terminal', 'horizontal', { cwd })),
    [api, addBlock],
  );

  // The keyboard moves into a block only when asked (a new block, a focus command, a dialog gone):
  // a block that became the focused one because the user tabbed into its header keeps the
  // keyboard where the user put it.
  const focusedNow = useRef(state.focused);
  focusedNow.current = state.focused;
  // A block just added or reopened may mount after this runs: it takes the keyboard once it does.
  const keyboardFor = useRef<string | null>(null);
  useEffect(() => {
    const focused = focusedNow.current;
    if (dialogOpen || renaming || !focused) return;
    const handle = handles.current.get(focused);
    if (handle) handle.focus();
    keyboardFor.current = handle ? null : focused;
  }, [workspace.focusToken, dialogOpen, renaming]);

  const newTerminalKeys = findCommand('terminal.new').keys;
  const paletteKeys = findCommand('palette.open').keys;
  return (
    <div className="app">
      <div role="toolbar" aria-label="Workspace" className="toolbar">
        {blockKinds.map(({ kind, newCommand }) => (
          <button
            key={kind}
            type="button"
            title={shortcutLabel(findCommand(newCommand).keys, isMac)}
            onClick={() => perform(newCommand, commandActions[newCommand])}
          >
            {findCommand(newCommand).title}
          </button>
        ))}
        <button
          type="button"
          title={shortcutLabel(paletteKeys, isMac)}
          onClick={() => setPaletteOpen(true)}
        >
          Commands
        </button>
        <span
          role="status"
          aria-label="Blocks that need you"
          className={needingYou > 0 ? 'toolbar-attention needed' : 'toolbar-attention'}
        >
          Needs you: {needingYou}
        </span>
        <span className="toolbar-dir" title="Workspace directory">
          {workspaceDir}
        </span>
      </div>
      {notice && (
        <div
          className={notice.problem ? 'banner' : 'banner banner-info'}
          role={notice.problem ? 'alert' : 'status'}
        >
          {notice.text}{' '}
          <button type="button" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
      <main className="workspace" aria-label="Blocks">
        {state.layout ? (
          <SplitView
            node={
              workspace.maximized ? { type: 'block', blockId: workspace.maximized } : state.layout
            }
            elements={elements}
            onResize={workspace.resize}
          />
        ) : (
          <p className="workspace-empty">
            No blocks open. Press {shortcutLabel(newTerminalKeys, isMac)} for a terminal,{' '}
            {shortcutLabel(findCommand('agent.new').keys, isMac)} for an agent, or{' '}
            {shortcutLabel(paletteKeys, isMac)} for all commands.
          </p>
        )}
      </main>
      {Object.entries(state.blocks).map(([blockId, spec]) =>
        createPortal(
          <BlockFrame
            blockId={blockId}
            spec={spec}
            api={api}
            focused={state.focused === blockId}
            onFocus={() => workspace.focus(blockId, false)}
            title={titles[blockId] ?? ''}
            onClose={() => closeGuard.requestClose(blockId)}
            onSpecChange={(patch) => workspace.updateSpec(blockId, patch)}
            activity={attention.shown(blockId)}
            onActivity={(activity, report) => attention.report(blockId, activity, report)}
            onAskAgent={handoffsFor(blockId).askAgent}
            onRunInTerminal={handoffsFor(blockId).runInTerminal}
            onForkAgent={handoffsFor(blockId).forkAgent}
            onShowContextUsage={() => setUsageDialog({ dialog: 'context', agentId: blockId })}
            onRestoreLayout={workspace.maximized === blockId ? workspace.toggleMaximize : undefined}
            handleRef={(handle) => {
              if (!handle) return void handles.current.delete(blockId);
              handles.current.set(blockId, handle);
              if (keyboardFor.current === blockId) {
                keyboardFor.current = null;
                handle.focus();
              }
              const deliver = handoffs.current.get(blockId);
              handoffs.current.delete(blockId);
              deliver?.(handle);
            }}
          />,
          elements.get(blockId)!,
          blockId,
        ),
      )}
      {closeGuard.dialog}
      {renaming && state.blocks[renaming] && (
        <RenameBlock
          current={state.blocks[renaming].title ?? titles[renaming] ?? ''}
          onRename={(title) => {
            workspace.updateSpec(renaming, { title: title || undefined });
            setRenaming(null);
            workspace.focus(renaming, true);
          }}
          onCancel={() => {
            setRenaming(null);
            workspace.focus(renaming, true);
          }}
        />
      )}
      {libraryOpen && (
        <SessionLibrary
          api={api}
          ownSessions={ownSessions}
          onClose={() => setLibraryOpen(false)}
          onResume={(session, fork) => {
            setLibraryOpen(false);
            workspace.add('agent', 'horizontal', {
              cwd: session.project,
              ...(session.host ? { host: session.host } : {}),
              sessionId: session.sessionId,
              ...(fork ? { fork: true } : {}),
              // Named after the session it continues, as the library lists it.
              ...(session.title ? { title: fork ? forkTitle(session.title) : session.title } : {}),
            });
          }}
        />
      )}
      {usageDialog && (
        <Suspense fallback={null}>
          <UsageDialogs api={api} open={usageDialog} onClose={() => setUsageDialog(null)} />
        </Suspense>
      )}
      {claudeSettingsFor !== undefined && (
        <Suspense fallback={null}>
          <ClaudeSettings
            api={api}
            agentId={claudeSettingsFor}
            onClose={() => setClaudeSettingsFor(undefined)}
          />
        </Suspense>
      )}
      {tetherSettingsOpen && (
        <Suspense fallback={null}>
          <TetherSettings api={api} onClose={() => setTetherSettingsOpen(false)} />
        </Suspense>
      )}
      {worktreesFor !== undefined && (
        <Suspense fallback={null}>
          <WorktreesDialog
            api={api}
            place={worktreesFor}
            blocks={state.blocks}
            titleOf={(blockId) => titles[blockId] ?? 'block'}
            onOpen={(worktree, blockId) => {
              setWorktreesFor(undefined);
              if (blockId) return workspace.focus(blockId, true);
              workspace.add('agent', 'horizontal', {
                cwd: worktree.path,
                worktree,
                ...(worktree.host ? { host: worktree.host } : {}),
              });
            }}
            onBlockGone={(blockId) => workspace.close(blockId, false)}
            onClose={() => setWorktreesFor(undefined)}
          />
        </Suspense>
      )}
      {worktreeSetupFor && (
        <Suspense fallback={null}>
          <WorktreeSetupDialog
            api={api}
            {...worktreeSetupFor}
            onClose={(saved) => {
              setWorktreeSetupFor(null);
              if (saved) setNotice({ text: saved, problem: false });
            }}
          />
        </Suspense>
      )}
      {paletteOpen && (
        <CommandPalette entries={entries} isMac={isMac} onClose={() => setPaletteOpen(false)} />
      )}
      {connectingKind && (
        <ConnectHost
          api={api}
          onConnected={(place) => {
            setConnectingKind(null);
            workspace.add(connectingKind, 'horizontal', place);
          }}
          onCancel={() => setConnectingKind(null)}
        />
      )}
      {/* Last, so that it shows above "Connect to host", whose connection asks it. */}
      {sshAsks.current && (
        <SshAsks ask={sshAsks.current} waiting={sshAsks.waiting} answer={sshAsks.answer} />
      )}
    </div>
  );
}
