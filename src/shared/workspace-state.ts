import { z } from 'zod';
import { MAX_PROMPT_CHARS } from './contract/agent';
import { sshHostSchema } from './contract/remote';
import { reviewCommentsSchema } from './review-comments';
import { worktreeSchema } from './worktree';
import { MAX_SETUP_COMMAND } from './worktree-setup';

// The persisted workspace: a split tree whose leaves are blocks. Block kinds are open strings so
// that a workspace saved by a newer Tether (with a kind this one lacks) still loads and saves back
// without losing that block.

const id = z.string().min(1).max(128);

export type Orientation = 'horizontal' | 'vertical';

export type LayoutNode =
  | { type: 'block'; blockId: string }
  | {
      type: 'split';
      id: string;
      orientation: Orientation;
      children: LayoutNode[];
      sizes: number[];
    };

export const layoutNodeSchema: z.ZodType<LayoutNode> = z.lazy(() =>
  z.union([
    z.object({ type: z.literal('block'), blockId: id }),
    z
      .object({
        type: z.literal('split'),
        id,
        orientation: z.enum(['horizontal', 'vertical']),
        children: z.array(layoutNodeSchema).min(2).max(64),
        sizes: z.array(z.number().min(0).max(100)),
      })
      .refine((s) => s.sizes.length === s.children.length, 'one size per child'),
  ]),
);

const draftText = z.string().max(MAX_PROMPT_CHARS);
export const composerDraftSchema = z.object({
  text: draftText,
  pastes: z.array(z.object({ label: draftText, text: draftText })).optional(),
});
export type ComposerDraft = z.infer<typeof composerDraftSchema>;

export const blockSpecSchema = z.object({
  kind: z.string().min(1).max(64),
  cwd: z.string().min(1).max(4096),
  // A block on another machine (an ssh host as the user named it): `cwd` is a folder there.
  host: sshHostSchema.optional(),
  // An agent block's Claude session, so a restart can resume it.
  sessionId: z.string().min(1).max(256).optional(),
  // Start a new session from `sessionId` rather than resume it ("Fork" in the session library),
  // until the CLI has announced the new session's id.
  fork: z.boolean().optional(),
  // With `fork`: the fork's conversation stops before this prompt of `sessionId` ("Fork from here").
  resumeAt: z.string().min(1).max(256).optional(),
  // The name the user gave the block ("Rename block"); without one it is titled by what it shows.
  title: z.string().min(1).max(200).optional(),
  // The worktree an agent block was started in ("New agent in worktree"), for its close to offer
  // Keep, Merge or Discard.
  worktree: worktreeSchema.optional(),
  // An agent block waiting for its worktree's set-up ("Worktree set-up"), which runs in the
  // terminal block `terminal`; it starts once the set-up succeeds. `exitCode` or `problem`: the
  // set-up failed, and the block says so until the user starts the agent anyway.
  setup: z
    .object({
      command: z.string().min(1).max(MAX_SETUP_COMMAND),
      terminal: id.optional(),
      exitCode: z.number().int().optional(),
      problem: z.string().max(1000).optional(),
    })
    .optional(),
  // A worktree's set-up command, which a terminal block runs at its shell's first prompt, the shell
  // then ending with its exit code (`setupCommandLine`). Dropped once typed, so a reload or a
  // restart of the shell does not run it again.
  run: z.string().min(1).max(MAX_SETUP_COMMAND).optional(),
  // What is typed in an agent block's composer and not sent yet, so a reload or a restart keeps it:
  // the box's text, and the long pastes whose labels it holds. Kept only while it could be sent.
  draft: composerDraftSchema.optional(),
  // An agent block's review comments on its diffs not sent to Claude yet, kept the way its draft is.
  reviewComments: reviewCommentsSchema.optional(),
});
export type BlockSpec = z.infer<typeof blockSpecSchema>;

// Where a closed block sat: the split that held it, its index there, and its neighbour (a block
// or a split), which takes the split's place when the split is left with one child.
export const blockPlaceSchema = z.object({
  parentId: id,
  orientation: z.enum(['horizontal', 'vertical']),
  index: z.number().int().min(0).max(64),
  sizes: z.array(z.number().min(0).max(100)).max(64),
  siblingId: id,
});
export type BlockPlace = z.infer<typeof blockPlaceSchema>;

export const CLOSED_BLOCKS_KEPT = 20;

// A closed block "Reopen closed block" can bring back, also after a restart: an agent block's
// transcript is kept under its id until it leaves this list.
export const closedBlockSchema = z.object({
  blockId: id,
  spec: blockSpecSchema,
  place: blockPlaceSchema.nullable(),
});
export type ClosedBlock = z.infer<typeof closedBlockSchema>;

export const workspaceStateSchema = z.object({
  version: z.literal(1),
  layout: layoutNodeSchema.nullable(),
  blocks: z.record(id, blockSpecSchema),
  focused: id.nullable(),
  // Newest last; absent in a workspace saved before blocks could be reopened.
  closed: z.array(closedBlockSchema).max(CLOSED_BLOCKS_KEPT).optional(),
});
export type WorkspaceState = z.infer<typeof workspaceStateSchema>;
