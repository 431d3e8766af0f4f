import { FormFields } from '@linkhunt/shared-ui/components/form-fields/FormFields.tsx';
import type { TokenResponse } from '@linkhunt/contracts/user';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, useLocation, useNavigate } from 'react-router';
import { TextField } from '../../../components/TextField.tsx';
import { formErrorsOf, NO_ERRORS } from '../../../lib/form-errors.ts';
import { GeneralError } from '../../../components/GeneralError.tsx';
import { NAMESPACE } from '../../../register-locales.ts';
import { AccountBenefits } from './AccountBenefits.tsx';
import styles from './AuthForm.module.css';
import { PasswordField } from './PasswordField.tsx';

export type AuthField =
  | { name: string; type: 'text' | 'email'; autoComplete: string; minLength?: number }
  | {
      name: string;
      type: 'password';
      autoComplete: 'current-password' | 'new-password';
      minLength?: number;
      /** A new password: rated as it is typed. */
      strength?: boolean;
    };

interface Props {
  title: string;
  endpoint: '/auth/login' | '/auth/register';
  fields: AuthField[];
  /** Sent with what was typed (register: the site language the account's mail is written in). */
  extra?: Record<string, string>;
  submitLabel: string;
  /** A message above the fields (after a password reset: sign in with the new one). */
  notice?: ReactNode;
  /** Between the fields and the button (login: the way to a forgotten password). */
  afterFields?: ReactNode;
  footer: ReactNode;
  /** After the user is signed in, before leaving the page. */
  onSignedIn?: (response: TokenResponse) => void;
}

/**
 * Login and register, beside what an account gives (under it on a phone, where the form comes first). On success
 * the token is stored, the menu switches and the user goes back to where a protected route sent them from (spec
 * section 4); on failure the first validation message (spec section 8).
 */
export function AuthForm({ title, endpoint, fields, extra, submitLabel, notice, afterFields, footer, onSignedIn }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: Location } | null)?.from;
  const [values, setValues] = useState<Record<string, string>>({});
  const { mutate, error, isPending: sending } = useMutation(
    {
      mutationFn: (body: Record<string, string>) => apiClient.post<TokenResponse>(endpoint, body).then(({ data }) => data),
      onSuccess: (data) => {
        sessionStore.getState().signIn(data);
        onSignedIn?.(data);
        void navigate(from ?? langPath('/index'), { replace: true });
      },
      onError: (failure) => toast.error(formErrorsOf(failure, t('auth.failed')).toast),
    },
    queryClient(),
  );
  // Spec section 8: the first message in a toast; each field's beside it, or the general message.
  const errors = error ? formErrorsOf(error, t('auth.failed')) : NO_ERRORS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sending) mutate({ ...values, ...extra });
  };

  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.layout}>
        <form className={styles.form} onSubmit={submit}>
          <h1 className={styles.title}>{title}</h1>
          {notice}
          <GeneralError message={errors.general} />
          <FormFields>
            {fields.map((field) => {
              const common = {
                name: field.name,
                label: t(`auth.fields.${field.name}`),
                required: true,
                minLength: field.minLength,
                value: values[field.name] ?? '',
                onChange: (value: string) => setValues((current) => ({ ...current, [field.name]: value })),
                error: errors.fields[field.name],
              };
              return field.type === 'password' ? (
                <PasswordField key={field.name} {...common} autoComplete={field.autoComplete} strength={field.strength} />
              ) : (
                <TextField key={field.name} {...common} type={field.type} autoComplete={field.autoComplete} />
              );
            })}
            {afterFields}
            <Button type="submit" loading={sending}>
              {submitLabel}
            </Button>
          </FormFields>
          <p className={styles.footer}>{footer}</p>
        </form>
        <AccountBenefits />
      </div>
    </div>
  );
}
