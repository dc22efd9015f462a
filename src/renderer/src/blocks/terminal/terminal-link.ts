import { errorMessage } from '../../../../shared/error-message';
import { failureReason, type HostApi } from '../../../../shared/host-api';
import type { EventPayload } from '../../../../shared/contract/host';
import { InputFirstQueue } from '../input-first';
import { Acknowledgements } from './acknowledgements';
import { splitText } from './split-text';
import type { TerminalView } from './terminal-view';

export interface TerminalLinkEvents {
  /** Where the shell started, and later each directory it moves to. */
  onDirectory(cwd: string): void;
  onExit(exit: EventPayload<'terminalExit'>): void;
  onError(message: string): void;
  /** The restored screen of a reloaded page is being parsed (true), or has been (false). */
  onReplay?(replaying: boolean): void;
  /** The program the terminal runs, once the host has said. */
  onShell?(shell: string): void;
  /**
   * The host answered the open: the shell runs (no failure), or it did not start, why (then this
   * gets the failure in place of `onError`: a reconnect counts it as a failed attempt).
   */
  onOpened?(failure?: string): void;
}

/** Where the shell runs: a folder, on another machine for a remote block. */
export interface TerminalPlace {
  cwd?: string;
  host?: string;
}

const MAX_WRITE = 64 * 1024;

/**
 * The most output handed to xterm in one write. xterm lets the page draw and answer keys only
 * between writes (after 12 ms of them): a flood's batch of 64 KiB or more (`yes`), parsed as one
 * write, was one task of 100 ms and more, where a piece this size parses in a few.
 */
export const WRITE_PIECE = 8 * 1024;

/**
 * Joins one xterm to one host terminal: output in (acknowledged once xterm has parsed it, which
 * is what lets the host pause a flooding shell), keystrokes and resizes out.
 */
export function linkTerminal(
  api: HostApi,
  view: TerminalView,
  terminalId: string,
  { cwd, host }: TerminalPlace = {},
  events: TerminalLinkEvents,
): () => void {
  const report = (error: unknown) => events.onError(errorMessage(error));
  const acknowledgements = new Acknowledgements((bytes) =>
    api.acknowledgeTerminal({ terminalId, bytes }),
  );
  // A terminal the user is not in parses its output in the time they leave free while typing.
  const output = new InputFirstQueue(() => view.term.element);
  const show = (data: Uint8Array) => {
    for (let at = 0; at < data.length; at += WRITE_PIECE) {
      const piece = data.subarray(at, at + WRITE_PIECE);
      const last = at + WRITE_PIECE >= data.length;
      output.add((done) =>
        view.term.write(piece, () => {
          done();
          // Acknowledged whole, as before, once its last piece is parsed: no more messages.
          if (last) acknowledgements.add(data.length);
        }),
      );
    }
  };
  // Output that comes before the host has answered the open: a new shell's first bytes, or, for
  // a terminal that was already running (this page is a reload), bytes the restored screen holds.
  let early: Uint8Array[] | null = [];
  let linked = true;
  const subscriptions = [
    api.onEvent('terminalData', (payload) => {
      if (payload.terminalId !== terminalId) return;
      if (early) early.push(payload.data);
      else show(payload.data);
    }),
    api.onEvent('terminalDirectory', (payload) => {
      if (payload.terminalId === terminalId) events.onDirectory(payload.cwd);
    }),
    api.onEvent('terminalExit', (payload) => {
      if (payload.terminalId === terminalId) events.onExit(payload);
    }),
  ];
  // While the restored output is parsed, xterm answers the queries in it (a cursor position or
  // device report that vim sent long ago); those answers must not reach today's program.
  let replaying = false;
  // Keys typed before the host has answered the open: there is no shell to take them yet (one on
  // another machine may take a second to connect), so they wait for it rather than go nowhere.
  let typed: string[] | null = [];
  const send = (data: string) => {
    // A big paste goes in pieces the contract accepts, in order.
    for (const piece of splitText(data, MAX_WRITE)) {
      api.writeTerminal({ terminalId, data: piece }).catch(report);
    }
  };
  const input = view.term.onData((data) => {
    if (replaying) return;
    if (typed) typed.push(data);
    else send(data);
  });
  const resize = view.term.onResize(({ cols, rows }) => {
    api.resizeTerminal({ terminalId, cols, rows }).catch(report);
  });
  const size = { cols: view.term.cols, rows: view.term.rows };
  api.openTerminal({ terminalId, cwd, ...size, ...(host ? { host } : {}) }).then(
    (opened) => {
      const waiting = early ?? [];
      early = null;
      if (!linked) return;
      // The host counts the restored output as delivered: it needs no acknowledgement.
      if (opened.restore !== undefined) {
        replaying = true;
        events.onReplay?.(true);
        view.term.write(opened.restore, () => {
          replaying = false;
          events.onReplay?.(false);
        });
      } else for (const data of waiting) show(data);
      if (opened.shell) events.onShell?.(opened.shell);
      events.onDirectory(opened.cwd);
      for (const data of typed ?? []) send(data);
      typed = null;
      events.onOpened?.();
    },
    (error: unknown) => {
      early = null;
      typed = null;
      if (events.onOpened) events.onOpened(failureReason(error));
      else report(error);
    },
  );

  return () => {
    linked = false;
    output.dispose();
    for (const unsubscribe of subscriptions) unsubscribe();
    input.dispose();
    resize.dispose();
    api.closeTerminal({ terminalId }).catch(() => undefined);
  };
}
