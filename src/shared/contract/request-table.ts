import type { z } from 'zod';

/** One group of the host's requests: each name's params and result, as zod schemas. */
export type RequestTable = Record<string, { params: z.ZodType; result: z.ZodType }>;

/**
 * One group of the host's notifications: messages from the page that the host acts on and never
 * answers, each name's params as a zod schema. For what comes often and needs no reply (a
 * terminal's acknowledgements), where a reply would be a message each way for nothing.
 */
export type NotificationTable = Record<string, { params: z.ZodType }>;

/**
 * What serves a group of requests: one function per request of the table, no more and no fewer,
 * on the params as their schema parsed them. The host's whole map is the one for `hostRequests`.
 */
export type HandlersFor<T extends RequestTable> = {
  [K in keyof T]: (
    params: z.infer<T[K]['params']>,
  ) => z.infer<T[K]['result']> | Promise<z.infer<T[K]['result']>>;
};

/** What serves a group of notifications: one function per notification, with no result. */
export type NotificationHandlersFor<T extends NotificationTable> = {
  [K in keyof T]: (params: z.infer<T[K]['params']>) => void;
};
