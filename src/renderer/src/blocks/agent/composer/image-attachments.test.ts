// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../../../../shared/contract/composer';
import { imageProblem, readImage } from './image-attachments';

describe('images for a message', () => {
  it('takes PNG, JPEG, GIF and WebP up to the API limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(imageProblem({ name: 'a', type, size: MAX_IMAGE_BYTES })).toBeNull();
    }
  });

  it('says in one line why a file cannot go: too big, or another format', () => {
    expect(imageProblem({ name: 'shot.png', type: 'image/png', size: 4.2 * 1024 * 1024 })).toBe(
      'shot.png is 4.2 MB: Claude takes images up to 3.75 MB (5 MB once encoded).',
    );
    expect(imageProblem({ name: '', type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toMatch(
      /^The pasted image is 3.75 MB: /,
    );
    expect(imageProblem({ name: 'scan.bmp', type: 'image/bmp', size: 10 })).toBe(
      'scan.bmp is image/bmp: Claude takes PNG, JPEG, GIF and WebP images.',
    );
  });

  it('reads a file as base64, as the API takes it', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    const image = await readImage(new File([bytes], 'dot.png', { type: 'image/png' }));
    expect(image).toMatchObject({ name: 'dot.png', mediaType: 'image/png', bytes: 6 });
    expect(typeof image !== 'string' && image.data).toBe(Buffer.from(bytes).toString('base64'));
  });
});
