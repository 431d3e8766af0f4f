import { PASSWORD_MIN_LENGTH } from '@linkhunt/contracts/user';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useMailLanguage } from '../../../hooks/use-mail-language.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { AuthForm } from './AuthForm.tsx';

export default function RegisterPage() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const { state } = useLocation();
  const language = useMailLanguage();
  return (
    <>
      <Seo title={t('auth.registerTitle')} description={t('auth.registerDescription')} />
      <AuthForm
        title={t('auth.registerTitle')}
        endpoint="/auth/register"
        extra={{ language }}
        // The account works at once; the mailed link verifies the address (the notice on the account pages says so).
        onSignedIn={({ user }) => {
          if (!user.data.verified) toast.success(t('verify.checkInbox', { email: user.data.email }));
        }}
        submitLabel={t('auth.register')}
        fields={[
          { name: 'username', type: 'text', autoComplete: 'username', minLength: 3 },
          { name: 'email', type: 'email', autoComplete: 'email' },
          { name: 'password', type: 'password', autoComplete: 'new-password', minLength: PASSWORD_MIN_LENGTH, strength: true },
        ]}
        footer={
          <Link to={langPath('/auth')} state={state}>
            {t('auth.toLogin')}
          </Link>
        }
      />
    </>
  );
}
