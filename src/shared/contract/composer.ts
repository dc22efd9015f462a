import { z } from 'zod';
import { agentIdSchema as agentId } from './ids';
import type { RequestTable } from './request-table';

// The composer's half of the host contract: `@` file completion and the images a prompt carries.

/** The image formats the Messages API takes. */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

/**
 * The API refuses an image whose base64 text is over 5 MiB ("image exceeds 5 MB maximum"), the
 * limit the pinned CLI checks too: 3.75 MiB of image before encoding.
 */
export const MAX_IMAGE_BASE64_CHARS = 5 * 1024 * 1024;
export const MAX_IMAGE_BYTES = (MAX_IMAGE_BASE64_CHARS / 4) * 3;

/** More than this in one message is refused by the API for its requests with many images. */
export const MAX_IMAGES_PER_MESSAGE = 20;

export const imageAttachmentSchema = z
  .object({
    mediaType: z.enum(IMAGE_MEDIA_TYPES),
    data: z.base64().min(1).max(MAX_IMAGE_BASE64_CHARS, 'an image is at most 5 MB once encoded'),
  })
  .strict();
export type ImageAttachment = z.infer<typeof imageAttachmentSchema>;

export const composerRequests = {
  /**
   * Paths in the agent's folder that complete what follows an `@` (relative, with `/`; a folder
   * ends in `/`), best first. `source` says who matched them: Claude Code's own `file_suggestions`
   * or Tether's index of the folder.
   */
  suggestAgentFiles: {
    params: z.object({ agentId, query: z.string().max(1024) }).strict(),
    result: z.object({
      paths: z.array(z.string()),
      source: z.enum(['claude', 'index']),
    }),
  },
} as const satisfies RequestTable;
