import {
  IMAGE_MEDIA_TYPES,
  MAX_IMAGE_BYTES,
  type ImageAttachment,
  type ImageMediaType,
} from '../../../../../shared/contract/composer';
import { errorMessage } from '../../../../../shared/error-message';

/** An image waiting in the composer: what is sent, and what its thumbnail says. */
export interface PendingImage extends ImageAttachment {
  id: string;
  name: string;
  bytes: number;
}

const isSupported = (type: string): type is ImageMediaType =>
  (IMAGE_MEDIA_TYPES as readonly string[]).includes(type);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`;
}

/** Why an image cannot go with a message, in one line; null when it can. */
export function imageProblem(file: { name: string; type: string; size: number }): string | null {
  const name = file.name || 'The pasted image';
  if (!isSupported(file.type)) {
    return `${name} is ${file.type || 'not an image'}: Claude takes PNG, JPEG, GIF and WebP images.`;
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return `${name} is ${formatBytes(file.size)}: Claude takes images up to ${formatBytes(MAX_IMAGE_BYTES)} (5 MB once encoded).`;
  }
  return null;
}

/** The image files among what was pasted or dropped (other files are not images to show). */
export function imageFiles(transfer: DataTransfer | null): File[] {
  return transfer
    ? Array.from(transfer.files).filter((file) => file.type.startsWith('image/'))
    : [];
}

/** The file's bytes in base64, as a data URL carries them. */
function base64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

let counter = 0;

/** The file as an image to send, or why it cannot be one. */
export async function readImage(file: File): Promise<PendingImage | string> {
  const problem = imageProblem(file);
  if (problem) return problem;
  let data: string;
  try {
    data = await base64(file);
  } catch (error) {
    return `${file.name || 'The pasted image'} could not be read: ${errorMessage(error)}`;
  }
  return {
    id: `image-${++counter}`,
    name: file.name || 'Pasted image',
    bytes: file.size,
    mediaType: file.type as ImageMediaType,
    data,
  };
}

/**
 * An image given back to the composer (its message did not go): as it was sent. Its file name did
 * not go with it, so it is named by its type; its size is that of the bytes the base64 holds.
 */
export function givenBackImage({ mediaType, data }: ImageAttachment): PendingImage {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return {
    id: `image-${++counter}`,
    name: `image.${mediaType.slice('image/'.length)}`,
    bytes: (data.length / 4) * 3 - padding,
    mediaType,
    data,
  };
}

/** A data URL, so the thumbnail needs no object URL to revoke. */
export function thumbnailUrl(image: PendingImage): string {
  return `data:${image.mediaType};base64,${image.data}`;
}
