import { PASSWORD_MIN_LENGTH } from '@linkhunt/contracts/user';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { AuthForm } from './AuthForm.tsx';

export default function RegisterPage() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const { state } = useLocation();
  return (
    <>
      <Seo title={t('auth.registerTitle')} description={t('auth.registerDescription')} />
      <AuthForm
        title={t('auth.registerTitle')}
        endpoint="/auth/register"
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
