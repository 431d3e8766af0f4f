import { APPEAL_MAX_LENGTH, APPEAL_MIN_LENGTH } from '@linkhunt/contracts/moderation';
import type { ModerationNotice } from '@linkhunt/contracts/product';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Dialog } from '@linkhunt/shared-ui/components/dialog/Dialog.tsx';
import { apiClient, isApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import { invalidateApi, queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessage } from '../../../components/FieldMessage.tsx';
import { formErrorsOf } from '../../../lib/form-errors.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './AppealDialog.module.css';

type Appeal = NonNullable<ModerationNotice['appeal']>;

interface Props {
  open: boolean;
  productId: number;
  productTitle: string;
  returnFocusTo: RefObject<HTMLElement | null>;
  onClose: () => void;
  /** The appeal now stands (sent now, or found already sent). */
  onAppealed: (appeal: Appeal) => void;
}

/** The uploader's one appeal against hiding a product (POST /products/{id}/appeal): why it should be looked at again. */
export function AppealDialog({ open, productId, productTitle, returnFocusTo, onClose, onAppealed }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const formId = useId();
  const textId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const stands = (createdAt: string) => {
    onAppealed({ status: 'open', created_at: createdAt });
    // The list's record of the product holds its appeal: asked again, the page opened later shows it.
    void invalidateApi('/auth/products');
  };
  const { mutate, isPending: sending } = useMutation(
    {
      mutationFn: (appeal: string) => apiClient.post(`/products/${productId}/appeal`, { text: appeal }),
      onSuccess: () => {
        toast.success(t('moderation.appealSent'));
        stands(new Date().toISOString());
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.status === 409) {
          // Already appealed (from another tab or device): it stands, and there is nothing more to send.
          toast.info(errorMessage(failure, t('moderation.alreadyAppealed')));
          stands('');
          return;
        }
        const found = formErrorsOf(failure, t('moderation.appealFailed'), t('form.sessionExpired'));
        setError(found.fields.text ?? found.general ?? undefined);
        if (found.toast) toast.error(found.toast);
        document.getElementById(textId)?.focus();
      },
    },
    queryClient(),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const appeal = text.trim();
    if (appeal.length < APPEAL_MIN_LENGTH) {
      setError(t('moderation.tooShort', { min: APPEAL_MIN_LENGTH }));
      document.getElementById(textId)?.focus();
      return;
    }
    setError(undefined);
    mutate(appeal);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      title={t('moderation.appealTitle')}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('moderation.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={sending}>
            {t('moderation.send')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <p>{t('moderation.appealIntro', { title: productTitle })}</p>
        <div className="field">
          <label htmlFor={textId}>{t('moderation.appealText')}</label>
          <textarea
            id={textId}
            name="text"
            rows={6}
            required
            minLength={APPEAL_MIN_LENGTH}
            maxLength={APPEAL_MAX_LENGTH}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${textId}-hint`, `${textId}-count`, error && `${textId}-error`].filter(Boolean).join(' ')}
          />
          <p id={`${textId}-hint`} className="field-hint">
            {t('moderation.appealTextHint', { min: APPEAL_MIN_LENGTH, max: APPEAL_MAX_LENGTH })}
          </p>
          <p id={`${textId}-count`} className={styles.count}>
            {t('moderation.count', { used: text.length, max: APPEAL_MAX_LENGTH })}
          </p>
          <FieldMessage id={`${textId}-error`} message={error} />
        </div>
      </form>
    </Dialog>
  );
}
