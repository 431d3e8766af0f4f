import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { AuthForm } from './AuthForm.tsx';

export default function LoginPage() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const { state } = useLocation();
  return (
    <>
      <Seo title={t('auth.loginTitle')} description={t('auth.loginDescription')} />
      <AuthForm
        title={t('auth.loginTitle')}
        endpoint="/auth/login"
        submitLabel={t('auth.login')}
        fields={[
          { name: 'email', type: 'email', autoComplete: 'email' },
          { name: 'password', type: 'password', autoComplete: 'current-password' },
        ]}
        footer={
          <Link to={langPath('/auth/register')} state={state}>
            {t('auth.toRegister')}
          </Link>
        }
      />
    </>
  );
}
