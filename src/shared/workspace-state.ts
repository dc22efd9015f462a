import { z } from 'zod';

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

export const blockSpecSchema = z.object({
  kind: z.string().min(1).max(64),
  cwd: z.string().min(1).max(4096),
  // An agent block's Claude session, so a restart can resume it.
  sessionId: z.string().min(1).max(256).optional(),
  // The name the user gave the block ("Rename block"); without one it is titled by what it shows.
  title: z.string().min(1).max(200).optional(),
});
export type BlockSpec = z.infer<typeof blockSpecSchema>;

export const workspaceStateSchema = z.object({
  version: z.literal(1),
  layout: layoutNodeSchema.nullable(),
  blocks: z.record(id, blockSpecSchema),
  focused: id.nullable(),
});
export type WorkspaceState = z.infer<typeof workspaceStateSchema>;
