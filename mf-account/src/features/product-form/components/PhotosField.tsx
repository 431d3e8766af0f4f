import { MAX_IMAGE_BYTES } from '@linkhunt/contracts/limits';
import { MAX_PRODUCT_PHOTOS, PHOTO_ALT_MAX_LENGTH } from '@linkhunt/contracts/photos';
import { Button, buttonClassName } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { imageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT } from '@linkhunt/shared-ui/features/media/image-file.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import type { Gallery, GalleryEntry } from '../hooks/use-gallery.ts';
import styles from './PhotosField.module.css';

interface Props {
  gallery: Gallery;
  /** The API's message for the photos (`gallery` or `photos`), or the form's own ("choose a photo"). */
  error?: string;
}

const MEGABYTES = MAX_IMAGE_BYTES / 1024 / 1024;

/**
 * The product's photos, up to MAX_PRODUCT_PHOTOS: the first is the cover. Each has its alt text and a QC mark, and
 * moves earlier or later with its buttons (the focus stays on the button pressed, so a keyboard user moves a photo
 * several places in a row); files are added with a file picker that takes several at once.
 */
export function PhotosField({ gallery, error }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const { entries, problem } = gallery;
  const full = entries.length >= MAX_PRODUCT_PHOTOS;
  const [dragging, setDragging] = useState(false);
  // Files dropped anywhere on the field are added as if chosen; a dragged link or text is left alone.
  const drag = (event: DragEvent<HTMLFieldSetElement>) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    // Without this the browser opens the file itself instead of dropping it here.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent<HTMLFieldSetElement>) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    setDragging(false);
    void gallery.add(Array.from(event.dataTransfer.files));
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    // Empty, so choosing the same files again still reports a change.
    event.currentTarget.value = '';
    void gallery.add(files);
  };
  /** Moves a photo and keeps the focus on the same button of it, wherever it went. */
  const move = (entry: GalleryEntry, by: number, button: 'earlier' | 'later') => {
    gallery.move(entry.key, by);
    requestAnimationFrame(() => list.current?.querySelector<HTMLButtonElement>(`[data-key="${entry.key}"] [data-move="${button}"]`)?.focus());
  };
  const remove = (entry: GalleryEntry, index: number) => {
    gallery.remove(entry.key);
    // The button pressed is gone: the focus goes to the next photo's, else to the picker.
    requestAnimationFrame(() => {
      const next = list.current?.querySelectorAll<HTMLButtonElement>('[data-remove]')[Math.min(index, entries.length - 2)];
      (next ?? input.current)?.focus();
    });
  };

  // What the form found in the files just chosen comes first: it is about what the visitor did last.
  const local = problem === 'tooMany' ? t('photos.tooMany', { max: MAX_PRODUCT_PHOTOS }) : problem === 'type' ? t('image.type') : problem === 'size' ? t('image.size', { megabytes: MEGABYTES }) : null;
  const message = local ?? error;
  return (
    <fieldset
      className={cx(styles.photos, dragging && styles.dragging)}
      onDragEnter={drag}
      onDragOver={drag}
      onDragLeave={(event) => {
        // Moving over the field's own children fires leave too: only leaving the field counts.
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setDragging(false);
      }}
      onDrop={drop}
    >
      <legend>{t('photos.legend', { max: MAX_PRODUCT_PHOTOS })}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {t('photos.hint', { megabytes: MEGABYTES })}
      </p>
      {entries.length > 0 && (
        <ol ref={list} className={styles.list}>
          {entries.map((entry, index) => (
            <li key={entry.key} className={styles.entry} data-key={entry.key}>
              <span className={styles.preview}>
                <img src={entry.kind === 'saved' ? imageUrl(entry.photo.thumbnail) : entry.preview} alt={t('photos.preview', { n: index + 1 })} width={96} height={96} />
                {index === 0 && <span className={styles.cover}>{t('photos.cover')}</span>}
              </span>
              <div className={styles.details}>
                <label htmlFor={`${id}-${entry.key}-alt`}>{t('photos.alt', { n: index + 1 })}</label>
                <input
                  id={`${id}-${entry.key}-alt`}
                  value={entry.alt}
                  maxLength={PHOTO_ALT_MAX_LENGTH}
                  placeholder={t('photos.altPlaceholder')}
                  onChange={(event) => gallery.update(entry.key, { alt: event.target.value })}
                />
                <label className={styles.qc}>
                  <input type="checkbox" checked={entry.qc} onChange={(event) => gallery.update(entry.key, { qc: event.target.checked })} />
                  {t('photos.qc')}
                </label>
                <div className={styles.actions}>
                  <Button variant="ghost" size="sm" data-move="earlier" disabled={index === 0} onClick={() => move(entry, -1, 'earlier')} aria-label={t('photos.earlier', { n: index + 1 })}>
                    ↑
                  </Button>
                  <Button variant="ghost" size="sm" data-move="later" disabled={index === entries.length - 1} onClick={() => move(entry, 1, 'later')} aria-label={t('photos.later', { n: index + 1 })}>
                    ↓
                  </Button>
                  <Button variant="ghost" size="sm" data-remove="" onClick={() => remove(entry, index)} aria-label={t('photos.remove', { n: index + 1 })}>
                    {t('photos.removeShort')}
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className={styles.add}>
        <input
          ref={input}
          id={`${id}-input`}
          name="photos"
          type="file"
          multiple
          className="visually-hidden"
          accept={IMAGE_ACCEPT}
          disabled={full}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
          onChange={choose}
        />
        <label htmlFor={`${id}-input`} className={buttonClassName({ variant: 'secondary', size: 'sm' }, cx(full && styles.disabled))}>
          {entries.length === 0 ? t('photos.choose') : t('photos.addMore', { left: MAX_PRODUCT_PHOTOS - entries.length })}
        </label>
        {!full && <span className={styles.drop}>{dragging ? t('photos.dropNow') : t('photos.orDrop')}</span>}
      </div>
      {message && (
        <p id={`${id}-error`} className={styles.problem} role="alert">
          {message}
        </p>
      )}
    </fieldset>
  );
}
