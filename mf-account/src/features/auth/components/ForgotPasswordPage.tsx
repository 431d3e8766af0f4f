import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { FormFields } from '@linkhunt/shared-ui/components/form-fields/FormFields.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardPage } from '../../../components/CardPage.tsx';
import { GeneralError } from '../../../components/GeneralError.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useMailLanguage } from '../../../hooks/use-mail-language.ts';
import { formErrorsOf, NO_ERRORS } from '../../../lib/form-errors.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './PasswordPages.module.css';

/**
 * `/{lang}/forgot-password`: asks for a reset link (POST /auth/forgot). Once the API has taken the request the
 * page says the same thing whether or not an account uses that address, as the API does, so neither tells
 * anyone who is registered.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const language = useMailLanguage();
  const [email, setEmail] = useState('');
  const { mutate, error, isPending: sending, isSuccess, variables, reset } = useMutation(
    {
      mutationFn: (address: string) => apiClient.post('/auth/forgot', { email: address, language }),
      // No answer, or asked too often: the mail may not have gone, so the form stays to try again.
      onError: (failure) => toast.error(formErrorsOf(failure, t('forgot.failed')).toast),
    },
    queryClient(),
  );
  const errors = error ? formErrorsOf(error, t('forgot.failed')) : NO_ERRORS;
  const sentTo = isSuccess ? variables : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sending) mutate(email.trim());
  };

  return (
    <>
      <Seo title={t('forgot.title')} description={t('forgot.description')} />
      <CardPage title={t('forgot.title')}>
        {sentTo === undefined ? (
          <form className={styles.form} onSubmit={submit}>
            <p>{t('forgot.intro')}</p>
            <GeneralError message={errors.general} />
            <FormFields>
              <TextField
                name="email"
                type="email"
                label={t('auth.fields.email')}
                autoComplete="email"
                required
                value={email}
                onChange={setEmail}
                error={errors.fields.email}
              />
              <Button type="submit" loading={sending}>
                {t('forgot.submit')}
              </Button>
            </FormFields>
          </form>
        ) : (
          <Sent email={sentTo} onAgain={reset} />
        )}
        <p className={styles.footer}>
          <Link to={langPath('/auth')}>{t('forgot.toLogin')}</Link>
        </p>
      </CardPage>
    </>
  );
}

/** The confirmation, which takes the focus from the form it replaces, so it is read at once. */
function Sent({ email, onAgain }: { email: string; onAgain: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => message.current?.focus(), []);
  return (
    <div ref={message} className={styles.sent} tabIndex={-1} data-testid="forgot-sent">
      <p className={styles.sentTitle}>{t('forgot.sent', { email })}</p>
      <p>{t('forgot.sentText')}</p>
      <Button variant="secondary" size="sm" onClick={onAgain}>
        {t('forgot.again')}
      </Button>
    </div>
  );
}
