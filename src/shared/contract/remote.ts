import { z } from 'zod';
import type { RequestTable } from './request-table';

// Blocks on other machines, reached with the user's own ssh: the host's half of "Connect to
// host", of the questions ssh asks, and of files dropped onto a remote terminal.

/**
 * A host as the user picked or typed it: an alias of their ssh config, `user@host[:port]`. The
 * host parses it again before ssh sees it; here it only has to be one word that no option could
 * be made of.
 */
export const sshHostSchema = z.string().regex(/^[^\s\p{Cc}-][^\s\p{Cc}]{0,299}$/u, {
  message: 'a host is one word that does not start with -',
});

export const SSH_ASK_KINDS = ['secret', 'confirm', 'notice'] as const;

export const remoteRequests = {
  /** The hosts to offer: the user's ssh config's own, then the ones connected to lately. */
  listSshHosts: {
    params: z.object({}).strict(),
    result: z.object({
      hosts: z.array(z.object({ host: z.string(), recent: z.boolean() })),
    }),
  },
  /**
   * Opens the shared connection to `host` (asking, through `sshAsk`, what ssh needs to ask) and
   * says where the remote user's home is. Fails with one sentence the user can act on.
   */
  connectSshHost: {
    params: z.object({ host: sshHostSchema }).strict(),
    result: z.object({ home: z.string() }),
  },
  /** The folders on `host` whose path starts with `prefix` (`~/` is the remote home), for completion. */
  listRemoteFolders: {
    params: z.object({ host: sshHostSchema, prefix: z.string().max(4096) }).strict(),
    result: z.object({ folders: z.array(z.string()) }),
  },
  /**
   * ssh's questions still waiting for an answer: what a page that (re)loaded while one was asked
   * shows, since the `sshAsk` event went to the page before it.
   */
  pendingSshAsks: {
    params: z.object({}).strict(),
    result: z.object({ asks: z.array(z.lazy(() => remoteHostEvents.sshAsk)) }),
  },
  /** The user's answer to one of ssh's questions; null cancels (ssh gives that way in up). */
  answerSshAsk: {
    params: z
      .object({ askId: z.string().min(1).max(64), answer: z.string().max(10_000).nullable() })
      .strict(),
    result: z.object({ answered: z.boolean() }),
  },
  /**
   * Files or folders dropped onto a remote terminal, copied to `host` (each into a new temporary
   * folder there, so nothing of the user's is overwritten): their remote paths, in the order
   * given, for the terminal to type.
   */
  copyToHost: {
    params: z
      .object({
        host: sshHostSchema,
        paths: z.array(z.string().min(1).max(4096)).min(1).max(100),
      })
      .strict(),
    result: z.object({ paths: z.array(z.string()) }),
  },
} as const satisfies RequestTable;

export const remoteHostEvents = {
  /**
   * A question of ssh's for the "SSH asks" dialog, in ssh's words: `secret` (a password or a
   * passphrase: typed hidden), `confirm` (yes or no: an unknown host key, with its fingerprint),
   * `notice` (nothing to answer: "touch your security key").
   */
  sshAsk: z.object({
    askId: z.string(),
    host: z.string(),
    prompt: z.string(),
    kind: z.enum(SSH_ASK_KINDS),
  }),
  /** The question is over: answered (maybe in another window), or ssh stopped waiting. */
  sshAskDone: z.object({ askId: z.string() }),
} as const;

export type SshAskKind = (typeof SSH_ASK_KINDS)[number];
