import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@linkhunt/contracts/limits';
import { describe, expect, it } from 'vitest';
import { gifFile, jpegFile, PNG_SIGNATURE, pngFile, pngOfSize, tooBigPngFile } from '../../test/image-files.ts';
import { IMAGE_ACCEPT, imageProblem } from './image-file.ts';

describe('imageProblem', () => {
  it('accepts a PNG', async () => {
    expect(await imageProblem(pngFile())).toBeNull();
  });

  it('accepts a JPEG', async () => {
    expect(await imageProblem(jpegFile())).toBeNull();
  });

  it('refuses a GIF, even one named and typed as a PNG', async () => {
    expect(await imageProblem(gifFile('animation.gif', 'image/gif'))).toBe('type');
    expect(await imageProblem(gifFile('animation.png', 'image/png'))).toBe('type');
  });

  it('goes by the bytes, not by the name or the browser’s guess', async () => {
    const png = new File([new Uint8Array([...PNG_SIGNATURE, 1, 2, 3])], 'photo.gif', { type: 'image/gif' });
    expect(await imageProblem(png)).toBeNull();
    expect(await imageProblem(new File(['just some text'], 'notes.png', { type: 'image/png' }))).toBe('type');
    // Half a PNG signature is not a PNG.
    expect(await imageProblem(new File([new Uint8Array(PNG_SIGNATURE.slice(0, 4))], 'cut.png', { type: 'image/png' }))).toBe('type');
  });

  it('refuses an empty file', async () => {
    expect(await imageProblem(new File([], 'empty.png', { type: 'image/png' }))).toBe('type');
  });

  it('accepts exactly 2 MB and refuses anything more', async () => {
    expect(MAX_IMAGE_BYTES).toBe(2 * 1024 * 1024);
    expect(await imageProblem(pngOfSize(MAX_IMAGE_BYTES))).toBeNull();
    expect(await imageProblem(pngOfSize(MAX_IMAGE_BYTES + 1))).toBe('size');
    expect(await imageProblem(tooBigPngFile())).toBe('size');
  });

  it('offers PNG and JPEG to the file picker', () => {
    expect(IMAGE_ACCEPT).toBe(IMAGE_MIME_TYPES.join(','));
    expect(IMAGE_ACCEPT).toBe('image/png,image/jpeg');
  });
});
