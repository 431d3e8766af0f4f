import { STATEMENT_MAX_LENGTH, STATEMENT_MIN_LENGTH } from '@linkhunt/contracts/moderation';
import type { Valoration } from '@linkhunt/contracts/product';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { StatementDialog } from '@linkhunt/shared-ui/components/statement-dialog/StatementDialog.tsx';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';

interface Props {
  valoration: Valoration;
  /** The review as it is after the removal (its photos gone, the statement in `photos_removed`). */
  onRemoved: (valoration: Valoration) => void;
}

/**
 * A moderator's "Remove photos" on a review with photos (POST /admin/valorations/{id}/photos/remove): a statement
 * of reasons first, which the review then shows and its author is mailed, as for a product's hiding.
 */
export function RemoveReviewPhotos({ valoration, onRemoved }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const write = useMutation(
    {
      mutationFn: (statement: string) =>
        apiClient
          .post<{ message: string; results: { data: Valoration } }>(`/admin/valorations/${valoration.id}/photos/remove`, { statement })
          .then(({ data }) => data),
      onSuccess: ({ message, results }) => {
        setOpen(false);
        onRemoved(results.data);
        toast.success(message);
      },
    },
    queryClient(),
  );
  return (
    <>
      <Button ref={opener} variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {t('reviews.removePhotos.open')}
      </Button>
      <StatementDialog
        open={open}
        onClose={() => setOpen(false)}
        returnFocusTo={opener}
        title={t('reviews.removePhotos.title')}
        label={t('reviews.removePhotos.statement')}
        hint={t('reviews.removePhotos.hint', { min: STATEMENT_MIN_LENGTH })}
        submitLabel={t('reviews.removePhotos.confirm')}
        submitVariant="danger"
        minLength={STATEMENT_MIN_LENGTH}
        maxLength={STATEMENT_MAX_LENGTH}
        field="statement"
        failed={t('reviews.removePhotos.failed')}
        write={write}
      />
    </>
  );
}
