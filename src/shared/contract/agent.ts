import { z } from 'zod';
import { MESSAGE_PRIORITIES, PERMISSION_MODES } from '../agent-control';
import type { AgentEvent } from '../agent-event';
import { imageAttachmentSchema, MAX_IMAGES_PER_MESSAGE } from './composer';
import { agentIdSchema as agentId, claudeSessionIdSchema, sessionEntryIdSchema } from './ids';
import { sshHostSchema } from './remote';
import type { RequestTable } from './request-table';

// The agent block's half of the host contract, spread into hostRequests / hostEvents.

const ok = z.null();
const permissionMode = z.enum(PERMISSION_MODES);
const record = z.record(z.string(), z.unknown());

/** The longest prompt a block may send: a pasted log or file, well past any context window. */
export const MAX_PROMPT_CHARS = 10_000_000;

/** AgentEvents cross the boundary as tagged objects; consumers ignore types they do not know. */
export const agentEventSchema = z.looseObject({
  type: z.string(),
}) as unknown as z.ZodType<AgentEvent>;

export const permissionDecisionSchema = z.discriminatedUnion('behavior', [
  z.object({ behavior: z.literal('allow'), updatedInput: record.optional() }).strict(),
  z
    .object({
      behavior: z.literal('allow_always'),
      suggestion: record.optional(),
      updatedInput: record.optional(),
    })
    .strict(),
  z
    .object({
      behavior: z.literal('deny'),
      message: z.string().max(10_000).optional(),
      interrupt: z.boolean().optional(),
    })
    .strict(),
  // An MCP server's form (`elicitation_request`): accepted with its fields, declined or cancelled.
  z
    .object({
      behavior: z.literal('accept'),
      content: z
        .record(
          z.string(),
          z.union([z.string(), z.number(), z.boolean(), z.array(z.string().max(10_000))]),
        )
        .optional(),
    })
    .strict(),
  z.object({ behavior: z.literal('decline') }).strict(),
  z.object({ behavior: z.literal('cancel') }).strict(),
]);

export const sessionLifecycleSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('starting') }),
  z.object({ state: z.literal('ready'), pid: z.number().int() }),
  z.object({ state: z.literal('busy') }),
  z.object({ state: z.literal('unresponsive'), since: z.number() }),
  z.object({ state: z.literal('idle') }),
  z.object({
    state: z.literal('exited'),
    code: z.number().int().nullable(),
    signal: z.string().nullable(),
    // `disconnected`: the connection to a remote block's host died, not the CLI.
    reason: z.enum(['ended', 'disposed', 'crashed', 'failed_to_start', 'disconnected']),
    message: z.string(),
  }),
]);

export const agentRequests = {
  /**
   * Opens the block's session: its history (every event logged for this agent id, oldest first)
   * comes back at once; the CLI starts in the background and reports through `agentState`.
   * With `resumeSessionId` the CLI resumes that Claude session (`--resume`).
   */
  openAgent: {
    params: z
      .object({
        agentId,
        cwd: z.string().min(1).max(4096).optional(),
        /** Another machine, over ssh: `cwd` is a folder there, and the CLI is the one there. */
        host: sshHostSchema.optional(),
        model: z.string().min(1).max(200).optional(),
        permissionMode: permissionMode.optional(),
        resumeSessionId: claudeSessionIdSchema.optional(),
        /** With `resumeSessionId`: a new session that starts from that one (`--fork-session`). */
        forkSession: z.boolean().optional(),
        /** With `forkSession`: the fork's conversation stops before this prompt (its uuid). */
        resumeAt: sessionEntryIdSchema.optional(),
      })
      .strict(),
    // `state` only for a session that was already running (the page reloaded): its history then
    // holds every event up to now, pending permission requests included, and this is its state.
    result: z.object({
      cwd: z.string(),
      history: z.array(agentEventSchema),
      state: sessionLifecycleSchema.optional(),
      /** With `state`: how much of the session's output so far was no frame Tether handles. */
      unhandled: z.number().int().optional(),
    }),
  },
  sendAgentMessage: {
    params: z
      .object({
        agentId,
        text: z.string().max(MAX_PROMPT_CHARS),
        /** The prompt's id, which its `prompt_state` events name (new if not given). */
        uuid: z.uuid().optional(),
        /** Pasted or dropped images, sent as image blocks before the text. */
        images: z.array(imageAttachmentSchema).max(MAX_IMAGES_PER_MESSAGE).optional(),
        /** What it does to a running turn: `later` queues it, `now` steers (the CLI's priority). */
        priority: z.enum(MESSAGE_PRIORITIES).optional(),
      })
      .strict()
      .refine((message) => message.text.trim() || message.images?.length, {
        message: 'a message needs text or an image',
      }),
    result: ok,
  },
  /** Stops the running turn (the CLI's interrupt request); the session stays usable. */
  interruptAgent: { params: z.object({ agentId }).strict(), result: ok },
  /** Takes a queued prompt back (`cancel_async_message`); `withdrawn: false` once a turn took it. */
  withdrawAgentMessage: {
    params: z.object({ agentId, uuid: z.uuid() }).strict(),
    result: z.object({ withdrawn: z.boolean() }),
  },
  /** Runs a queued prompt now, stopping the running turn (the interrupt's `send_now`). */
  sendAgentMessageNow: { params: z.object({ agentId, uuid: z.uuid() }).strict(), result: ok },
  /** Stops one background task of the session (the CLI's `stop_task`). */
  stopAgentTask: {
    params: z.object({ agentId, taskId: z.string().min(1).max(256) }).strict(),
    result: ok,
  },
  /** The end of a background shell's output (the CLI's `get_task_output`), as plain text. */
  getAgentTaskOutput: {
    params: z.object({ agentId, taskId: z.string().min(1).max(256) }).strict(),
    result: z.object({ output: z.string(), truncated: z.boolean() }),
  },
  setAgentPermissionMode: {
    params: z.object({ agentId, mode: permissionMode }).strict(),
    result: ok,
  },
  setAgentModel: {
    params: z.object({ agentId, model: z.string().min(1).max(200) }).strict(),
    result: ok,
  },
  /** The name the user gave the block, for the Claude session (the CLI's `rename_session`). */
  renameAgent: {
    params: z.object({ agentId, title: z.string().min(1).max(200) }).strict(),
    result: ok,
  },
  /** `answered: false` when the request was no longer pending (withdrawn, or the CLI is gone). */
  answerPermission: {
    params: z
      .object({
        agentId,
        requestId: z.string().min(1).max(256),
        decision: permissionDecisionSchema,
      })
      .strict(),
    result: z.object({ answered: z.boolean() }),
  },
  /**
   * A raw view opens: the session's newest raw bytes (base64) to replay, and from now on its new
   * bytes as `agentRaw` events. Raw bytes are most of an agent's output, so they go out only
   * while a view shows them.
   */
  openAgentRaw: {
    params: z.object({ agentId }).strict(),
    result: z.object({ data: z.string(), unhandled: z.number().int() }),
  },
  /** The raw view closed: no more `agentRaw` events for it (nothing to do if the agent is gone). */
  closeAgentRaw: { params: z.object({ agentId }).strict(), result: ok },
  /** Ends the session; `forget` also deletes its history (the user closed the block). */
  closeAgent: {
    params: z.object({ agentId, forget: z.boolean().optional() }).strict(),
    result: ok,
  },
} as const satisfies RequestTable;

export const agentHostEvents = {
  /** New events of one agent, coalesced (at most one message per animation frame). */
  agentEvents: z.object({ agentId, events: z.array(agentEventSchema) }),
  agentState: z.object({ agentId, state: sessionLifecycleSchema }),
  /** Raw bytes as the CLI wrote them, while a raw view is open (binary frames in browser mode). */
  agentRaw: z.object({
    agentId,
    data: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'bytes expected'),
  }),
  /** Output that is no frame the translator handles: the raw view should surface. */
  agentUnhandled: z.object({ agentId, count: z.number().int(), line: z.string() }),
} as const;
