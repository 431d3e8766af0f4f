import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';

/** The settings screen; its form (name, biography, coupon, avatar, password) is mf-account's own issue. */
export default function SettingsPage() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession((state) => state.user);
  return (
    <div className="container">
      <Seo title={t('settings.title')} description={t('settings.title')} />
      <h1>{t('settings.title')}</h1>
      {user && (
        <dl>
          <dt>{t('auth.fields.username')}</dt>
          <dd>{user.username}</dd>
          <dt>{t('auth.fields.email')}</dt>
          <dd>{user.email}</dd>
        </dl>
      )}
    </div>
  );
}
