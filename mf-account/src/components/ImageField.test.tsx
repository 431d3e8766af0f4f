import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { descriptionOf } from '../test/form-helpers.ts';
import { gifFile, jpegFile, pngFile, tooBigPngFile } from '@linkhunt/shared-ui/test/image-files.ts';
import { stubObjectUrls } from '@linkhunt/shared-ui/test/object-urls.ts';
import { renderAccount } from '../test/render-account.tsx';
import { ImageField } from './ImageField.tsx';

const PREVIEW = 'Preview of the chosen image';
const NOT_AN_IMAGE = 'This file is not a PNG or JPG image. Choose another one.';
const TOO_BIG = 'This image is larger than 2 MB. Choose a smaller one.';

let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => {
  urls = stubObjectUrls();
});
afterEach(async () => {
  urls.restore();
  await act(() => i18n.changeLanguage('en'));
});

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

/** The drop zone's words; events fired on them reach the zone as a real drag over that spot would. */
const dropText = () => screen.getByText(/^(or drop it here|Drop the photo here)$/);
const files = (...list: File[]) => ({ dataTransfer: { files: list, types: ['Files'], dropEffect: 'none' } });
/** The texts the input's accessible name is made of, in order. */
const labelsOf = (input: HTMLInputElement) =>
  (input.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
const previewSrc = () => screen.queryByRole<HTMLImageElement>('img', { name: PREVIEW })?.getAttribute('src') ?? null;

describe('ImageField: the picker', () => {
  it('hides the browser’s own control behind a translated button that is the input’s label', async () => {
    const { input } = await renderField();
    expect(input.classList.contains('visually-hidden')).toBe(true);
    // The field's title and the button name the input, so its accessible name holds the button's visible words;
    // the button is the input's label, so a click on it opens the file dialog.
    expect(labelsOf(input)).toEqual(['Photo', 'Choose photo']);
    expect([...(input.labels ?? [])].map((label) => label.textContent)).toEqual(['Choose photo']);
    expect(screen.getByText('or drop it here')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();

    await act(() => i18n.changeLanguage('es'));
    expect(labelsOf(input)).toEqual(['Photo', 'Elegir foto']);
    expect(screen.getByText('o arrástrala aquí')).toBeTruthy();
    expect(descriptionOf(input)).toBe('PNG o JPG, 2 MB como máximo.');
  });

  it('once a photo is chosen, offers to replace or remove it; removing clears it and gives the focus back', async () => {
    const { user, input, onChange } = await renderField();
    const file = pngFile('cap.png');
    await user.upload(input, file);
    await screen.findByRole('img', { name: PREVIEW });
    expect(labelsOf(input)).toEqual(['Photo', 'Replace photo']);
    expect(screen.getByRole('status').textContent).toBe('Chosen: cap.png');

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(previewSrc()).toBeNull();
    expect(urls.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
    expect(handed(onChange)).toEqual([file, null]);
    expect(input.value).toBe('');
    expect(labelsOf(input)).toEqual(['Photo', 'Choose photo']);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('over a saved image, offers only to replace it, and then to keep the saved one (the API cannot remove it)', async () => {
    const saved = 'http://api.test/images/products/x.webp';
    const { user, input, onChange } = await renderField({ current: saved });
    expect(labelsOf(input)).toEqual(['Photo', 'Replace photo']);
    expect(screen.queryByRole('button')).toBeNull();

    const file = jpegFile();
    await user.upload(input, file);
    await vi.waitFor(() => expect(previewSrc()).toBe('blob:test/1'));
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Keep the current photo' }));

    expect(previewSrc()).toBe(saved);
    expect(handed(onChange)).toEqual([file, null]);
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('takes a photo dropped on it, lit up while a file is held over it', async () => {
    const { onChange } = await renderField();
    const zone = dropText().parentElement?.parentElement as HTMLElement;
    fireEvent.dragEnter(dropText(), files(pngFile()));
    expect(zone.classList.contains('dragging')).toBe(true);
    expect(dropText().textContent).toBe('Drop the photo here');
    fireEvent.dragLeave(zone, { relatedTarget: document.body });
    expect(zone.classList.contains('dragging')).toBe(false);
    expect(dropText().textContent).toBe('or drop it here');

    const file = pngFile('dropped.png');
    fireEvent.dragOver(dropText(), files(file));
    fireEvent.drop(dropText(), files(file));
    expect(zone.classList.contains('dragging')).toBe(false);
    await vi.waitFor(() => expect(previewSrc()).toBe('blob:test/1'));
    expect(handed(onChange)).toEqual([file]);
    expect(screen.getByRole('status').textContent).toBe('Chosen: dropped.png');
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeTruthy();
  });

  it('does not light up for a drag that carries no file (a link, some text)', async () => {
    await renderField();
    const zone = dropText().parentElement?.parentElement as HTMLElement;
    fireEvent.dragEnter(dropText(), { dataTransfer: { files: [], types: ['text/plain'] } });
    expect(zone.classList.contains('dragging')).toBe(false);
  });

  it('checks a dropped file as a chosen one: a GIF is refused and never handed on', async () => {
    const { input, onChange } = await renderField();
    fireEvent.drop(dropText(), files(gifFile(), pngFile()));
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_AN_IMAGE);
    expect(previewSrc()).toBeNull();
    expect(handed(onChange)).toEqual([null]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
