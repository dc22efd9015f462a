import { z } from 'zod';
import { terminalIdSchema as terminalId } from './ids';
import { sshHostSchema } from './remote';
import type { NotificationTable, RequestTable } from './request-table';

// The terminal block's half of the host contract: a shell in a pty, and its output as bytes.

const cols = z.number().int().min(2).max(2000);
const rows = z.number().int().min(1).max(1000);
const ok = z.null();

export const terminalRequests = {
  openTerminal: {
    params: z
      .object({
        terminalId,
        cwd: z.string().min(1).max(4096).optional(),
        cols,
        rows,
        /** Another machine, over ssh: `cwd` is a folder there (default: the remote home). */
        host: sshHostSchema.optional(),
      })
      .strict(),
    // The directory the shell actually started in (the requested one may have gone). `restore`:
    // the terminal was already running (the page reloaded), and this is its recent output to
    // write into the new xterm before what follows. `shell`: the program the terminal runs, whose
    // quoting a dropped file's path is typed in.
    result: z.object({
      cwd: z.string(),
      restore: z.string().optional(),
      shell: z.string().optional(),
    }),
  },
  writeTerminal: {
    params: z.object({ terminalId, data: z.string().min(1).max(1_000_000) }).strict(),
    result: ok,
  },
  resizeTerminal: { params: z.object({ terminalId, cols, rows }).strict(), result: ok },
  closeTerminal: { params: z.object({ terminalId }).strict(), result: ok },
  // Whether a program other than the shell holds the terminal (so closing it would end that);
  // `unknown`: the shell cannot say (one on another machine, without shell integration).
  terminalBusy: {
    params: z.object({ terminalId }).strict(),
    result: z.object({
      busy: z.boolean(),
      command: z.string().optional(),
      unknown: z.literal(true).optional(),
    }),
  },
} as const satisfies RequestTable;

export const terminalNotifications = {
  // The renderer tells how many bytes xterm has parsed, which drives flow control. One for each
  // batch of output under a flood: a reply to each would be a message each way for nothing.
  acknowledgeTerminal: {
    params: z.object({ terminalId, bytes: z.number().int().min(1).max(100_000_000) }).strict(),
  },
} as const satisfies NotificationTable;

export const terminalHostEvents = {
  // The output as UTF-8 bytes, which xterm decodes itself.
  terminalData: z.object({
    terminalId,
    data: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'bytes expected'),
  }),
  terminalExit: z.object({
    terminalId,
    exitCode: z.number().int(),
    signal: z.number().int().nullable(),
    /** A remote terminal whose connection died, not its shell: why, in ssh's words. */
    disconnected: z.string().optional(),
  }),
  // The shell moved to another directory (checked after each command line), for the saved
  // workspace to reopen it there.
  terminalDirectory: z.object({ terminalId, cwd: z.string().min(1).max(4096) }),
} as const;
