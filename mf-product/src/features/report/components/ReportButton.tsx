import { ILLEGAL_DETAILS_MIN_LENGTH, type ReportResponse } from '@linkhunt/contracts/product';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Dialog } from '@linkhunt/shared-ui/components/dialog/Dialog.tsx';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import {
  EMPTY_DRAFT,
  REPORT_FIELDS,
  type ReportDraft,
  type ReportField,
  refusedFields,
  reportProblems,
  reportRequest,
} from '../lib/report-draft.ts';
import { ReportForm } from './ReportForm.tsx';

/** The draft's fields as the API names them, to clear a field's error once it is edited. */
const FIELD_OF: Record<keyof ReportDraft, ReportField> = { reason: 'reason', details: 'details', contactEmail: 'contact_email', goodFaith: 'good_faith' };

/**
 * Spec section 4, with reasons (EU DSA Art. 16): the dialog asks why, then "Product reported". A repeat is thanked,
 * not refused. What was filled in stays when the dialog is closed or the report fails, and is cleared once sent.
 */
export function ReportButton({ productId }: { productId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const formId = useId();
  const signedIn = useSession((state) => state.status === 'authenticated');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ReportDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<ReportField, string>>>({});
  const button = useRef<HTMLButtonElement>(null);

  const change = (update: Partial<ReportDraft>) => {
    setDraft((current) => ({ ...current, ...update }));
    setErrors((current) => {
      // Another reason asks for other things: what the last one was refused for no longer applies.
      if ('reason' in update) return {};
      const edited = new Set((Object.keys(update) as (keyof ReportDraft)[]).map((key) => FIELD_OF[key]));
      return Object.fromEntries(Object.entries(current).filter(([field]) => !edited.has(field as ReportField)));
    });
  };

  /** The first refused field takes the focus, where its message is read with it. */
  const focusFirst = (refused: Partial<Record<ReportField, string>>) => {
    const first = REPORT_FIELDS.find((field) => refused[field]);
    const form = document.getElementById(formId);
    form?.querySelector<HTMLElement>(first === 'reason' ? 'input[name="reason"]:checked' : `[name="${first}"]`)?.focus();
  };

  const { mutate, isPending: sending } = useMutation(
    {
      mutationFn: (sent: ReportDraft) => apiClient.post<ReportResponse>('/products/report', reportRequest(productId, sent, signedIn)).then(({ data }) => data),
      onSuccess: (answer, sent) => {
        setOpen(false);
        setDraft(EMPTY_DRAFT);
        if (answer.already_reported) toast.info(t('report.already'));
        else toast.success(sent.reason === 'illegal' ? t('report.noticeDone') : t('report.done'));
      },
      onError: (error) => {
        // Spec section 8: the first message, in a toast, and each refused field's beside it; the dialog stays.
        const refused = refusedFields(error);
        setErrors(refused);
        toast.error(errorMessage(error, t('report.failed')));
        focusFirst(refused);
      },
    },
    queryClient(),
  );

  const report = () => {
    // Enter in a field submits the form even while the button is busy.
    if (sending) return;
    const problems = reportProblems(draft, signedIn);
    if (Object.keys(problems).length > 0) {
      const messages: Partial<Record<ReportField, string>> = {};
      for (const field of REPORT_FIELDS) {
        const problem = problems[field];
        if (problem) messages[field] = t(`report.problems.${problem}`, { min: ILLEGAL_DETAILS_MIN_LENGTH });
      }
      setErrors(messages);
      focusFirst(messages);
      return;
    }
    setErrors({});
    mutate(draft);
  };

  return (
    <>
      <Button ref={button} variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {t('report.button')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        returnFocusTo={button}
        title={t('report.title')}
        actions={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('report.cancel')}
            </Button>
            <Button type="submit" form={formId} variant="danger" loading={sending}>
              {t('report.confirm')}
            </Button>
          </>
        }
      >
        <ReportForm id={formId} draft={draft} onChange={change} errors={errors} signedIn={signedIn} onSubmit={report} />
      </Dialog>
    </>
  );
}
