import { PASSWORD_MIN_LENGTH } from '@linkhunt/contracts/user';
import { Button, ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { FormFields } from '@linkhunt/shared-ui/components/form-fields/FormFields.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { apiClient, isApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CardPage } from '../../../components/CardPage.tsx';
import { GeneralError } from '../../../components/GeneralError.tsx';
import { useQueryParam } from '../../../hooks/use-query-param.ts';
import { type FormErrors, formErrorsOf, NO_ERRORS } from '../../../lib/form-errors.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import type { LoginNotice } from './LoginPage.tsx';
import { PasswordField } from './PasswordField.tsx';
import styles from './PasswordPages.module.css';

/**
 * `/{lang}/reset-password?token=…`, the link of the reset mail: a new password, rated as on register, typed
 * twice. The API ends every session of the account, so a browser signed in here is signed out and the user
 * signs in again with the new password. A link that cannot be used says so, with the way to a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation(NAMESPACE);
  const token = useQueryParam('token');
  return (
    <>
      <Seo title={t('reset.title')} description={t('reset.description')} />
      <CardPage title={t('reset.title')}>{token ? <ResetForm key={token} token={token} /> : <LinkRefused />}</CardPage>
    </>
  );
}

/** A 422 with no field to blame is about the token: unknown, used or expired. */
const tokenRefused = (error: unknown, errors: FormErrors) => isApiError(error) && error.status === 422 && Object.keys(errors.fields).length === 0;

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ password: '', password_confirmation: '' });
  const [mismatch, setMismatch] = useState(false);
  const focus = (name: string) => form.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();

  const { mutate, error, isPending: sending } = useMutation(
    {
      mutationFn: (password: string) => apiClient.post('/auth/reset', { token, password }),
      onSuccess: async () => {
        // Every session of the account has ended, this browser's too if it was signed in as it.
        if (sessionStore.getState().user) await sessionStore.getState().signOut();
        const notice: LoginNotice = 'passwordChanged';
        void navigate(langPath('/auth'), { replace: true, state: { notice } });
      },
      onError: (failure) => {
        const found = formErrorsOf(failure, t('reset.failed'));
        if (tokenRefused(failure, found)) return;
        // A password the API will not take (too common, too short): said beside it, with the rules under it.
        toast.error(found.toast);
        const first = Object.keys(found.fields)[0];
        if (first) focus(first);
      },
    },
    queryClient(),
  );
  const found = error ? formErrorsOf(error, t('reset.failed')) : NO_ERRORS;
  const errors: FormErrors = mismatch ? { fields: { password_confirmation: t('reset.mismatch') }, general: null, toast: '' } : found;

  const field = (name: keyof typeof values) => ({
    name,
    label: t(`reset.fields.${name}`),
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors.fields[name],
    required: true,
    minLength: PASSWORD_MIN_LENGTH,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const differ = values.password !== values.password_confirmation;
    setMismatch(differ);
    if (differ) focus('password_confirmation');
    else mutate(values.password);
  };

  if (error && tokenRefused(error, found)) return <LinkRefused />;
  return (
    <form ref={form} className={styles.form} onSubmit={submit}>
      <p>{t('reset.intro')}</p>
      <GeneralError message={errors.general} />
      <FormFields>
        <PasswordField {...field('password')} autoComplete="new-password" strength />
        <PasswordField {...field('password_confirmation')} autoComplete="new-password" />
        <Button type="submit" loading={sending}>
          {t('reset.submit')}
        </Button>
      </FormFields>
    </form>
  );
}

/** The link is unknown, used or expired (or has no token): say so, with the way to a new one. */
function LinkRefused() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  return (
    <div className={styles.problem} role="alert">
      <p className={styles.problemTitle}>{t('reset.refused')}</p>
      <p>{t('reset.refusedText')}</p>
      <ButtonLink to={langPath('/forgot-password')}>{t('reset.askAgain')}</ButtonLink>
    </div>
  );
}
