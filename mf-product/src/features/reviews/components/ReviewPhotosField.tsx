import { MAX_IMAGE_BYTES } from '@linkhunt/contracts/limits';
import { MAX_REVIEW_PHOTOS, type ReviewPhoto } from '@linkhunt/contracts/photos';
import type { Valoration } from '@linkhunt/contracts/product';
import { Button, buttonClassName } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { imageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { IMAGE_ACCEPT } from '@linkhunt/shared-ui/features/media/image-file.ts';
import { type ChosenImage, type ChosenImagesProblem, useImagePreviews } from '@linkhunt/shared-ui/features/media/use-image-previews.ts';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './Reviews.module.css';

export interface ReviewPhotos {
  kept: ReviewPhoto[];
  added: ChosenImage[];
  problem: string | null;
  files: File[];
  add(files: readonly File[]): Promise<void>;
  dropKept(id: number): void;
  dropAdded(preview: string): void;
  /** The ids the review keeps when that is fewer than `mine` had; null when it keeps them all. */
  changedKept(mine: Valoration | undefined): number[] | null;
}

const MEGABYTES = MAX_IMAGE_BYTES / 1024 / 1024;

/** The review's photos as the form holds them: those it keeps, and the files chosen now (checked and previewed by useImagePreviews). */
export function useReviewPhotos(saved: readonly ReviewPhoto[]): ReviewPhotos {
  const { t } = useTranslation(NAMESPACE);
  const [kept, setKept] = useState<ReviewPhoto[]>([...saved]);
  const [added, setAdded] = useState<ChosenImage[]>([]);
  const [problem, setProblem] = useState<ChosenImagesProblem>(null);
  const previews = useImagePreviews();
  const problemText = (found: ChosenImagesProblem) => {
    if (found === 'type') return t('reviews.photos.type');
    if (found === 'size') return t('reviews.photos.size', { megabytes: MEGABYTES });
    return found && t('reviews.photos.tooMany', { max: MAX_REVIEW_PHOTOS });
  };
  return {
    kept,
    added,
    problem: problemText(problem),
    files: added.map((photo) => photo.file),
    async add(files) {
      const { taken, problem: found } = await previews.take(files, MAX_REVIEW_PHOTOS - kept.length - added.length);
      setProblem(found);
      setAdded((now) => [...now, ...taken]);
    },
    dropKept: (id) => setKept((now) => now.filter((photo) => photo.id !== id)),
    dropAdded: (preview) => {
      previews.release(preview);
      setAdded((now) => now.filter((photo) => photo.preview !== preview));
    },
    changedKept: (mine) => (mine && kept.length < mine.photos.length ? kept.map((photo) => photo.id) : null),
  };
}

/** Up to MAX_REVIEW_PHOTOS photos of the item as it arrived: kept ones and new ones, each removable. */
export function ReviewPhotosField({ photos }: { photos: ReviewPhotos }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const count = photos.kept.length + photos.added.length;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    void photos.add(files);
  };
  const shown = [
    ...photos.kept.map((photo) => ({ key: `kept-${photo.id}`, src: imageUrl(photo.thumbnail), drop: () => photos.dropKept(photo.id) })),
    ...photos.added.map((photo) => ({ key: photo.preview, src: photo.preview, drop: () => photos.dropAdded(photo.preview) })),
  ];
  return (
    <fieldset className={styles.photos}>
      <legend>{t('reviews.photos.legend', { max: MAX_REVIEW_PHOTOS })}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {t('reviews.photos.hint', { megabytes: MEGABYTES })}
      </p>
      {shown.length > 0 && (
        <ul className={styles.photoList}>
          {shown.map((photo, index) => (
            <li key={photo.key}>
              <img src={photo.src} alt={t('reviews.photos.preview', { n: index + 1 })} width={72} height={72} />
              <Button variant="ghost" size="sm" onClick={photo.drop} aria-label={t('reviews.photos.remove', { n: index + 1 })}>
                {t('reviews.photos.removeShort')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={`${id}-input`}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        className="visually-hidden"
        disabled={count >= MAX_REVIEW_PHOTOS}
        aria-describedby={`${id}-hint${photos.problem ? ` ${id}-error` : ''}`}
        onChange={choose}
      />
      <label htmlFor={`${id}-input`} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
        {t('reviews.photos.add')}
      </label>
      {photos.problem && (
        <p id={`${id}-error`} className={styles.photoError} role="alert">
          {photos.problem}
        </p>
      )}
    </fieldset>
  );
}
