import { z } from 'zod';
import { agentHostEvents, agentRequests, MAX_PROMPT_CHARS } from './agent-contract';
import { notificationSettingsSchema } from './settings';
import { workspaceStateSchema } from './workspace-state';
import { worktreeRequests } from './worktree-contract';
import { libraryHostEvents, libraryRequests } from './library-contract';
import { reviewRequests } from './review-contract';
import { rewindRequests } from './rewind-contract';
import { composerRequests } from './composer-contract';
import { terminalIdSchema as terminalId } from './id-contract';

// Every message between the renderer and the host. Adding a request or an event is one entry in
// `hostRequests` or `hostEvents`: the host's handler map, both adapters, the preload and the
// renderer's typed `HostApi` all follow from these two tables.

const cols = z.number().int().min(2).max(2000);
const rows = z.number().int().min(1).max(1000);
const ok = z.null();

export const hostRequests = {
  getAppInfo: {
    params: z.object({}).strict(),
    result: z.object({
      workspaceDir: z.string(),
      platform: z.string(),
      shell: z.string(),
      // Why the settings file is not in use, in one line; absent when it is fine.
      settingsProblem: z.string().optional(),
      // Which desktop notifications the user wants (asked again after `settingsChanged`).
      notifications: notificationSettingsSchema,
      // For xterm's `windowsPty` option: ConPTY and the Windows build, so reflow matches it.
      windowsPty: z
        .object({ backend: z.literal('conpty'), buildNumber: z.number().int() })
        .optional(),
    }),
  },
  openTerminal: {
    params: z
      .object({ terminalId, cwd: z.string().min(1).max(4096).optional(), cols, rows })
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
  // The renderer tells how many bytes xterm has parsed, which drives flow control.
  acknowledgeTerminal: {
    params: z.object({ terminalId, bytes: z.number().int().min(1).max(100_000_000) }).strict(),
    result: ok,
  },
  closeTerminal: { params: z.object({ terminalId }).strict(), result: ok },
  // Whether a program other than the shell holds the terminal (so closing it would end that).
  terminalBusy: {
    params: z.object({ terminalId }).strict(),
    result: z.object({ busy: z.boolean(), command: z.string().optional() }),
  },
  loadWorkspace: { params: z.object({}).strict(), result: workspaceStateSchema.nullable() },
  saveWorkspace: { params: z.object({ workspace: workspaceStateSchema }).strict(), result: ok },
  // `opened: false` means the host cannot open links (browser mode): the page opens it itself.
  openExternal: {
    params: z.object({ url: z.string().max(8192) }).strict(),
    result: z.object({ opened: z.boolean() }),
  },
  // Creates the settings file if missing and opens it in the system's editor; `opened: false`
  // where the host cannot (browser mode): the page shows the path instead.
  openSettings: {
    params: z.object({}).strict(),
    result: z.object({ path: z.string(), opened: z.boolean() }),
  },
  // "Export transcript": a save dialog where the host has one (`supported: false` in browser mode,
  // where the page downloads the file). The token names the path the user chose: the host writes
  // only there, once.
  chooseExportFile: {
    params: z.object({ suggestedName: z.string().min(1).max(255) }).strict(),
    result: z.object({ supported: z.boolean(), token: z.string().nullable() }),
  },
  writeExportFile: {
    params: z
      .object({ token: z.string().min(1).max(128), content: z.string().max(MAX_PROMPT_CHARS) })
      .strict(),
    result: z.object({ path: z.string() }),
  },
  ...agentRequests,
  ...worktreeRequests,
  ...libraryRequests,
  ...reviewRequests,
  ...rewindRequests,
  ...composerRequests,
} as const satisfies Record<string, { params: z.ZodType; result: z.ZodType }>;

export const hostEvents = {
  // The output as UTF-8 bytes, which xterm decodes itself.
  terminalData: z.object({
    terminalId,
    data: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'bytes expected'),
  }),
  terminalExit: z.object({
    terminalId,
    exitCode: z.number().int(),
    signal: z.number().int().nullable(),
  }),
  // The shell moved to another directory (checked after each command line), for the saved
  // workspace to reopen it there.
  terminalDirectory: z.object({ terminalId, cwd: z.string().min(1).max(4096) }),
  // A command chosen outside the page (the application menu), run by the workspace.
  runCommand: z.object({ command: z.string().min(1).max(128) }),
  // The settings file was re-read: why it is not in use, or null when it is.
  settingsChanged: z.object({ problem: z.string().nullable() }),
  // A terminal asked for from outside the page (a second launch with --cwd DIR).
  openTerminalIn: z.object({ cwd: z.string().min(1).max(4096) }),
  ...agentHostEvents,
  ...libraryHostEvents,
} as const satisfies Record<string, z.ZodType>;

export type RequestName = keyof typeof hostRequests;
export type AgentRequestName = keyof typeof agentRequests;
export type WorktreeRequestName = keyof typeof worktreeRequests;
export type LibraryRequestName = keyof typeof libraryRequests;
export type ReviewRequestName = keyof typeof reviewRequests;
export type RewindRequestName = keyof typeof rewindRequests;
export type ComposerRequestName = keyof typeof composerRequests;
export type RequestParams<K extends RequestName> = z.infer<(typeof hostRequests)[K]['params']>;
export type RequestResult<K extends RequestName> = z.infer<(typeof hostRequests)[K]['result']>;
export type EventName = keyof typeof hostEvents;
export type EventPayload<K extends EventName> = z.infer<(typeof hostEvents)[K]>;

export const requestNames = Object.keys(hostRequests) as RequestName[];

export function isRequestName(name: unknown): name is RequestName {
  return typeof name === 'string' && Object.hasOwn(hostRequests, name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(hostEvents, name);
}

/** An event as it crosses a transport. */
export const eventMessageSchema = z.object({ name: z.string(), payload: z.unknown() });
export type EventMessage = { [K in EventName]: { name: K; payload: EventPayload<K> } }[EventName];

/** What a request yields on the wire: never a thrown error, so no stack crosses the boundary. */
export const responseSchema = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type HostResponse = z.infer<typeof responseSchema>;

export { ipcChannels } from './ipc-channels';

/** WebSocket framing: the renderer's requests and the server's replies and events. */
export const clientFrameSchema = z.object({
  type: z.literal('request'),
  id: z.number().int().nonnegative(),
  name: z.string().max(128),
  params: z.unknown(),
});
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export const serverFrameSchema = z.union([
  z.object({ type: z.literal('response'), id: z.number().int(), response: responseSchema }),
  z.object({ type: z.literal('event'), event: eventMessageSchema }),
]);
export type ServerFrame =
  { type: 'response'; id: number; response: HostResponse } | { type: 'event'; event: EventMessage };

/** Explains why a payload failed its schema in one line a person can read. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'message'}: ${issue.message}`)
    .join('; ');
}
