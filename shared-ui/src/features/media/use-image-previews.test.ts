import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { gifFile, jpegFile, pngFile, tooBigPngFile } from '../../test/image-files.ts';
import { stubObjectUrls } from '../../test/object-urls.ts';
import { useImagePreviews } from './use-image-previews.ts';

let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => (urls = stubObjectUrls()));
afterEach(() => urls.restore());

it('takes the images that fit, each with a preview, and says why the others were left out', async () => {
  const { result } = renderHook(() => useImagePreviews());
  const first = pngFile('a.png');
  const second = jpegFile('b.jpg');
  let outcome = await act(() => result.current.take([gifFile(), first, tooBigPngFile(), second, pngFile('c.png')], 2));
  // The first wrong file's problem; then no room for the third image.
  expect(outcome.taken).toEqual([
    { file: first, preview: 'blob:test/1' },
    { file: second, preview: 'blob:test/2' },
  ]);
  expect(outcome.problem).toBe('tooMany');
  outcome = await act(() => result.current.take([tooBigPngFile(), gifFile()], 4));
  expect(outcome).toEqual({ taken: [], problem: 'size' });
  outcome = await act(() => result.current.take([pngFile()], 0));
  expect(outcome).toEqual({ taken: [], problem: 'tooMany' });
});

it('releases a dropped preview at once, and the rest when the form closes', async () => {
  const { result, unmount } = renderHook(() => useImagePreviews());
  await act(() => result.current.take([pngFile('a.png'), pngFile('b.png'), pngFile('c.png')], 3));
  act(() => result.current.release('blob:test/2'));
  expect(urls.revokeObjectURL).toHaveBeenCalledTimes(1);
  expect(urls.revokeObjectURL).toHaveBeenCalledWith('blob:test/2');
  unmount();
  expect(urls.revokeObjectURL).toHaveBeenCalledTimes(3);
  expect(urls.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  expect(urls.revokeObjectURL).toHaveBeenCalledWith('blob:test/3');
});
