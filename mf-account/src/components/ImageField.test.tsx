import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { descriptionOf } from '../test/form-helpers.ts';
import { gifFile, jpegFile, pngFile, tooBigPngFile } from '../test/image-files.ts';
import { stubObjectUrls } from '../test/object-urls.ts';
import { renderAccount } from '../test/render-account.tsx';
import { ImageField } from './ImageField.tsx';

const PREVIEW = 'Preview of the chosen image';
const NOT_AN_IMAGE = 'This file is not a PNG or JPG image. Choose another one.';
const TOO_BIG = 'This image is larger than 2 MB. Choose a smaller one.';

let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => {
  urls = stubObjectUrls();
});
afterEach(() => urls.restore());

async function renderField(props: Partial<Parameters<typeof ImageField>[0]> = {}) {
  const onChange = vi.fn<(file: File | null) => void>();
  const rendered = await renderAccount(<ImageField label="Photo" onChange={onChange} {...props} />);
  return { ...rendered, onChange, input: screen.getByLabelText<HTMLInputElement>('Photo') };
}

/** Every file (or null) the field has handed to the form. */
const handed = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.map(([file]: unknown[]) => file);

describe('ImageField', () => {
  it('is a file input for PNG and JPEG, labelled, with the size hint', async () => {
    const { input } = await renderField({ required: true });
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/png,image/jpeg');
    expect(input.required).toBe(true);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(descriptionOf(input)).toBe('PNG or JPG, at most 2 MB.');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('previews a good PNG and hands it to the form', async () => {
    const { user, input, onChange } = await renderField();
    const file = pngFile();
    await user.upload(input, file);

    const preview = await screen.findByRole<HTMLImageElement>('img', { name: PREVIEW });
    expect(preview.getAttribute('src')).toBe('blob:test/1');
    expect(urls.createObjectURL).toHaveBeenCalledWith(file);
    expect(handed(onChange)).toEqual([file]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes a JPEG as well', async () => {
    const { user, input, onChange } = await renderField();
    const file = jpegFile();
    await user.upload(input, file);

    expect(await screen.findByRole('img', { name: PREVIEW })).toBeTruthy();
    expect(handed(onChange)).toEqual([file]);
  });

  it('refuses a GIF that claims to be a PNG: says why, shows no preview and never hands it on', async () => {
    const { user, input, onChange } = await renderField();
    await user.upload(input, gifFile());

    expect((await screen.findByRole('alert')).textContent).toBe(NOT_AN_IMAGE);
    expect(screen.queryByRole('img')).toBeNull();
    expect(urls.createObjectURL).not.toHaveBeenCalled();
    expect(handed(onChange)).toEqual([null]);
    expect(input.value).toBe('');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input)).toBe(`PNG or JPG, at most 2 MB. ${NOT_AN_IMAGE}`);
  });

  it('refuses a GIF the browser calls a GIF too (when the picker lets it through)', async () => {
    const onChange = vi.fn<(file: File | null) => void>();
    await renderAccount(<ImageField label="Photo" onChange={onChange} />);
    // "All files" in the picker: the accept attribute does not stop it.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Photo'), gifFile('animation.gif', 'image/gif'));

    expect((await screen.findByRole('alert')).textContent).toBe(NOT_AN_IMAGE);
    expect(handed(onChange)).toEqual([null]);
  });

  it('refuses a PNG over 2 MB before anything is sent', async () => {
    const { user, input, onChange } = await renderField();
    await user.upload(input, tooBigPngFile());

    expect((await screen.findByRole('alert')).textContent).toBe(TOO_BIG);
    expect(screen.queryByRole('img')).toBeNull();
    expect(handed(onChange)).toEqual([null]);
    expect(input.value).toBe('');
  });

  it('drops the earlier preview (and its object URL) when a refused file follows a good one', async () => {
    const { user, input, onChange, unmount } = await renderField();
    const good = pngFile();
    await user.upload(input, good);
    await screen.findByRole('img', { name: PREVIEW });

    await user.upload(input, tooBigPngFile());
    expect((await screen.findByRole('alert')).textContent).toBe(TOO_BIG);
    expect(screen.queryByRole('img')).toBeNull();
    expect(urls.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
    expect(handed(onChange)).toEqual([good, null]);

    // A good file after that clears the message.
    const better = jpegFile();
    await user.upload(input, better);
    expect((await screen.findByRole<HTMLImageElement>('img', { name: PREVIEW })).getAttribute('src')).toBe('blob:test/2');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(handed(onChange)).toEqual([good, null, better]);

    unmount();
    expect(urls.revokeObjectURL).toHaveBeenLastCalledWith('blob:test/2');
  });

  it('shows the image already saved until another is chosen, and then needs none', async () => {
    const { user, input } = await renderField({ current: 'http://api.test/images/products/x.webp', required: true });
    expect(screen.getByRole<HTMLImageElement>('img', { name: PREVIEW }).getAttribute('src')).toBe('http://api.test/images/products/x.webp');
    expect(input.required).toBe(false);

    await user.upload(input, pngFile());
    await vi.waitFor(() => expect(screen.getByRole<HTMLImageElement>('img', { name: PREVIEW }).getAttribute('src')).toBe('blob:test/1'));
  });

  it('shows the API’s message for the field, tied to the input named as the API names it', async () => {
    const { input } = await renderField({ name: 'image', error: 'The image must be a PNG or JPEG.' });
    expect(input.name).toBe('image');
    expect(screen.getByRole('alert').textContent).toBe('The image must be a PNG or JPEG.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input)).toBe('PNG or JPG, at most 2 MB. The image must be a PNG or JPEG.');
  });

  it('puts its own message before the API’s', async () => {
    const { user, input } = await renderField({ error: 'The image must be a PNG or JPEG.' });
    await user.upload(input, gifFile());
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(NOT_AN_IMAGE));
  });
});
