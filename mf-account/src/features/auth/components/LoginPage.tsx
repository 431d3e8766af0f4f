import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { AuthForm } from './AuthForm.tsx';
import styles from './AuthForm.module.css';

/** What a page that sends the user here may say above the form, by the history state's `notice`. */
export type LoginNotice = 'passwordChanged';

export default function LoginPage() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const { state } = useLocation();
  const notice = (state as { notice?: LoginNotice } | null)?.notice;
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
        notice={
          notice === 'passwordChanged' && (
            <p role="status" className={styles.notice}>
              {t('reset.changed')}
            </p>
          )
        }
        afterFields={
          <p className={styles.afterFields}>
            <Link to={langPath('/forgot-password')}>{t('auth.forgot')}</Link>
          </p>
        }
        footer={
          <Link to={langPath('/auth/register')} state={state}>
            {t('auth.toRegister')}
          </Link>
        }
      />
    </>
  );
}
