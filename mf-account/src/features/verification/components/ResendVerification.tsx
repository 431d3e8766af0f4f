import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { apiClient, isApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';

/**
 * Sends the signed-in user a new verification link (POST /auth/verify/resend). Busy while the call is out; the
 * API's own words when it refuses (asked again too soon: 429, which says when to try again).
 */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { mutate, isPending: sending } = useMutation(
    {
      mutationFn: () => apiClient.post('/auth/verify/resend'),
      onSuccess: () => toast.success(t('verify.resent', { email })),
      onError: (error) => {
        // A refused session: the shell asks the user to sign in again over the page.
        if (!isApiError(error) || error.status !== 401) toast.error(errorMessage(error, t('verify.resendFailed')));
      },
    },
    queryClient(),
  );

  return (
    <Button variant="secondary" size="sm" loading={sending} onClick={() => mutate()}>
      {t('verify.resend')}
    </Button>
  );
}
