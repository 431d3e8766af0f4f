import { PHOTOS_FILE_FIELD } from '@linkhunt/contracts/photos';
import type { Rating, Valoration, ValorationResponse } from '@linkhunt/contracts/product';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { StarInput } from '@linkhunt/shared-ui/components/star-input/StarInput.tsx';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { invalidateApi, queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { ReviewPhotosField, useReviewPhotos } from './ReviewPhotosField.tsx';
import styles from './Reviews.module.css';

export const REVIEW_MAX_LENGTH = 2000;

/** The lists that show products with their rating: they show the new one when next seen. */
const RATED_LISTS = ['/products?', '/products/cat/', '/products/featured', '/products/recents', '/brands/', '/users/username/', '/auth/favs'];

interface Props {
  productId: number;
  /** The user's earlier review, which a new one replaces. */
  mine: Valoration | undefined;
  onReviewed: (valoration: Valoration, rating: Rating) => void;
}

export function ReviewForm({ productId, mine, onReviewed }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation('ui');
  const textId = useId();
  const stars = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState<number | null>(mine?.stars ?? null);
  const [text, setText] = useState(mine?.review ?? '');
  const [missingStars, setMissingStars] = useState(false);
  const photos = useReviewPhotos(mine?.photos ?? []);
  const { mutate, isPending: sending } = useMutation(
    {
      mutationFn: (review: { stars: number; review: string | undefined }) =>
        apiClient.post<ValorationResponse>(`/products/${productId}/valorations`, reviewBody(review, photos.files, photos.changedKept(mine))).then(({ data }) => data.results.data),
      onSuccess: ({ valoration, rating }) => {
        onReviewed(valoration, rating);
        bus.publish('review:added', { productId, stars: valoration.stars });
        toast.success(t('reviews.thanks'));
        return invalidateApi(...RATED_LISTS);
      },
      // The stars and the text stay in the form, to send again.
      onError: (error) => toast.error(errorMessage(error, t('reviews.failed'))),
    },
    queryClient(),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value === null) {
      // Spec section 8: "You must rate the product"; the text is kept.
      setMissingStars(true);
      stars.current?.querySelector('input')?.focus();
      return;
    }
    mutate({ stars: value, review: text.trim() || undefined });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div ref={stars}>
        <StarInput
          value={value}
          onChange={(chosen) => {
            setValue(chosen);
            setMissingStars(false);
          }}
          legend={mine ? t('reviews.yourRatingAgain') : t('reviews.yourRating')}
          error={missingStars ? ui('starInput.required') : undefined}
          required
        />
      </div>
      <div className="field">
        <label htmlFor={textId}>{t('reviews.text')}</label>
        <textarea
          id={textId}
          rows={4}
          maxLength={REVIEW_MAX_LENGTH}
          value={text}
          placeholder={t('reviews.placeholder')}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <ReviewPhotosField photos={photos} />
      <Button type="submit" loading={sending}>
        {mine ? t('reviews.update') : t('reviews.send')}
      </Button>
    </form>
  );
}

/**
 * JSON as before when no photo changes; a form with the new files (`photos`) and, when the review keeps fewer of
 * its photos than it had, `keep_photos`, otherwise.
 */
function reviewBody(review: { stars: number; review: string | undefined }, files: readonly File[], keep: number[] | null): FormData | typeof review {
  if (files.length === 0 && keep === null) return review;
  const body = new FormData();
  body.append('stars', String(review.stars));
  if (review.review !== undefined) body.append('review', review.review);
  for (const file of files) body.append(PHOTOS_FILE_FIELD, file);
  if (keep !== null) body.append('keep_photos', JSON.stringify(keep));
  return body;
}

