import type { ReportResponse } from '@linkhunt/contracts/product';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Dialog } from '@linkhunt/shared-ui/components/dialog/Dialog.tsx';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';

/** Spec section 4: confirm or cancel, then "Product reported". A repeat is thanked, not refused. */
export function ReportButton({ productId }: { productId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const report = async () => {
    setSending(true);
    try {
      const { data } = await apiClient.post<ReportResponse>('/products/report', { id: productId });
      setOpen(false);
      if (data.already_reported) toast.info(t('report.already'));
      else toast.success(t('report.done'));
    } catch (error) {
      // Spec section 8: the first message, in a toast; the dialog stays so nothing is lost.
      toast.error(errorMessage(error, t('report.failed')));
    } finally {
      setSending(false);
    }
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
        size="sm"
        title={t('report.title')}
        actions={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('report.cancel')}
            </Button>
            <Button variant="danger" loading={sending} onClick={() => void report()}>
              {t('report.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('report.question')}</p>
      </Dialog>
    </>
  );
}
