import type { PermissionSuggestion } from './agent-event';

/** The user's answer to a `permission_request`. */
export type PermissionDecision =
  /** Run the tool, with the original input or the user's edited input. */
  | { behavior: 'allow'; updatedInput?: Record<string, unknown> }
  /** Run it and keep a rule: one of the request's `suggestions` (the first when not given). */
  | {
      behavior: 'allow_always';
      suggestion?: PermissionSuggestion;
      updatedInput?: Record<string, unknown>;
    }
  /** Do not run it; `message` tells Claude why, `interrupt` also ends the turn. */
  | { behavior: 'deny'; message?: string; interrupt?: boolean };

/** What an accepted form sends back: each field's value (a multi-select's as strings). */
export type ElicitationContent = Record<string, string | number | boolean | string[]>;

/** The user's answer to an `elicitation_request` (an MCP server's form or URL). */
export type ElicitationAnswer =
  | { behavior: 'accept'; content?: ElicitationContent }
  | { behavior: 'decline' }
  | { behavior: 'cancel' };

/** An answer to whatever the CLI waits on: a permission request or an MCP server's form. */
export type RequestAnswer = PermissionDecision | ElicitationAnswer;

/**
 * Where a prompt sent during a turn goes (the CLI's `priority` on a user message): `later` waits
 * for the turn to end, `next` joins the running turn at its next API call, `now` stops the turn
 * and runs at once.
 */
export const MESSAGE_PRIORITIES = ['now', 'next', 'later'] as const;
export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];

export const PERMISSION_MODES = ['default', 'acceptEdits', 'plan', 'bypassPermissions'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

/** Where an agent session is in its life. */
export type SessionLifecycle =
  | { state: 'starting' }
  | { state: 'ready'; pid: number }
  | { state: 'busy' }
  /** A turn runs but the CLI answered nothing since `since` (epoch ms): stopped or stuck. */
  | { state: 'unresponsive'; since: number }
  | { state: 'idle' }
  | {
      state: 'exited';
      code: number | null;
      signal: string | null;
      /**
       * ended: stdin closed and it left; disposed: we ended it; crashed; failed_to_start;
       * disconnected: the connection to a remote block's host died under it.
       */
      reason: 'ended' | 'disposed' | 'crashed' | 'failed_to_start' | 'disconnected';
      /** For the user: what happened and what to do. */
      message: string;
    };
