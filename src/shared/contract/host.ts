import { z } from 'zod';
import { agentHostEvents, agentRequests } from './agent';
import { appHostEvents, appRequests } from './app';
import { claudeMcpRequests } from './claude-mcp';
import { claudeAccountRequests } from './claude-account';
import { claudeRulesRequests } from './claude-rules';
import { composerRequests } from './composer';
import { exportRequests } from './export';
import { pullRequestRequests } from './pull-request';
import { libraryHostEvents, libraryRequests } from './library';
import { remoteHostEvents, remoteRequests } from './remote';
import type { NotificationTable, RequestTable } from './request-table';
import { reviewRequests } from './review';
import { rewindRequests } from './rewind';
import { terminalHostEvents, terminalNotifications, terminalRequests } from './terminal';
import { tetherSettingsRequests } from './tether-settings';
import { usageRequests } from './usage';
import { workspaceRequests } from './workspace';
import { worktreeRequests } from './worktree';
import { worktreeListRequests } from './worktree-list';
import { worktreeSetupRequests } from './worktree-setup';

// Every message between the renderer and the host, gathered from the groups beside this file.
// Adding a request is one entry in its group's table and its handler in the same-named file of
// src/main/host/handlers/ (which `HandlersFor` holds to that table); adding an event is one
// entry. The host's dispatch, both adapters, the preload and the renderer's typed `HostApi` all
// follow from `hostRequests`, `hostNotifications` and `hostEvents`.

export const hostRequests = {
  ...appRequests,
  ...terminalRequests,
  ...workspaceRequests,
  ...exportRequests,
  ...agentRequests,
  ...worktreeRequests,
  ...pullRequestRequests,
  ...worktreeSetupRequests,
  ...libraryRequests,
  ...reviewRequests,
  ...rewindRequests,
  ...composerRequests,
  ...remoteRequests,
  ...tetherSettingsRequests,
  ...claudeMcpRequests,
  ...usageRequests,
  ...claudeAccountRequests,
  ...claudeRulesRequests,
  ...worktreeListRequests,
} as const satisfies RequestTable;

/** What the page tells the host without waiting for an answer; its handlers sit beside the requests'. */
export const hostNotifications = {
  ...terminalNotifications,
} as const satisfies NotificationTable;

export const hostEvents = {
  ...appHostEvents,
  ...terminalHostEvents,
  ...agentHostEvents,
  ...libraryHostEvents,
  ...remoteHostEvents,
} as const satisfies Record<string, z.ZodType>;

export type RequestName = keyof typeof hostRequests;
export type RequestParams<K extends RequestName> = z.infer<(typeof hostRequests)[K]['params']>;
export type RequestResult<K extends RequestName> = z.infer<(typeof hostRequests)[K]['result']>;
export type NotificationName = keyof typeof hostNotifications;
export type NotificationParams<K extends NotificationName> = z.infer<
  (typeof hostNotifications)[K]['params']
>;
export type EventName = keyof typeof hostEvents;
export type EventPayload<K extends EventName> = z.infer<(typeof hostEvents)[K]>;

export const requestNames = Object.keys(hostRequests) as RequestName[];

export function isRequestName(name: unknown): name is RequestName {
  return typeof name === 'string' && Object.hasOwn(hostRequests, name);
}

export const notificationNames = Object.keys(hostNotifications) as NotificationName[];

export function isNotificationName(name: unknown): name is NotificationName {
  return typeof name === 'string' && Object.hasOwn(hostNotifications, name);
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

export { ipcChannels } from '../ipc-channels';

/**
 * WebSocket framing: the renderer's requests and notifications (no id: nothing answers them), and
 * the server's replies and events.
 */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('request'),
    id: z.number().int().nonnegative(),
    name: z.string().max(128),
    params: z.unknown(),
  }),
  z.object({ type: z.literal('notify'), name: z.string().max(128), params: z.unknown() }),
]);
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
