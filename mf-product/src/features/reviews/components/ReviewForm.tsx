import type { Rating, Valoration, ValorationResponse } from '@linkhunt/contracts/product';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { StarInput } from '@linkhunt/shared-ui/components/star-input/StarInput.tsx';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './Reviews.module.css';

export const REVIEW_MAX_LENGTH = 2000;

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
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value === null) {
      // Spec section 8: "You must rate the product"; the text is kept.
      setMissingStars(true);
      stars.current?.querySelector('input')?.focus();
      return;
    }
    setSending(true);
    try {
      const { data } = await apiClient.post<ValorationResponse>(`/products/${productId}/valorations`, { stars: value, review: text.trim() || undefined });
      const { valoration, rating } = data.results.data;
      onReviewed(valoration, rating);
      bus.publish('review:added', { productId, stars: valoration.stars });
      toast.success(t('reviews.thanks'));
    } catch (error) {
      toast.error(errorMessage(error, t('reviews.failed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
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
      <Button type="submit" loading={sending}>
        {mine ? t('reviews.update') : t('reviews.send')}
      </Button>
    </form>
  );
}
