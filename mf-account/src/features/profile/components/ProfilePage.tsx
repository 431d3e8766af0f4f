import { formatCount } from '@linkhunt/shared-ui/components/user-card/UserCard.tsx';
import { ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './ProfilePage.module.css';

/** Spec section 2: the profile offers my products, favourites and settings, and shows the points. */
export default function ProfilePage() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const user = useSession((state) => state.user);
  if (!user) return null;
  return (
    <div className={`container ${styles.page}`}>
      <Seo title={t('profile.title')} description={t('profile.title')} />
      <h1>{user.name}</h1>
      <p className={styles.points} data-testid="profile-points">
        {t('profile.points', { points: formatCount(user.points) })}
      </p>
      <nav className={styles.actions} aria-label={t('profile.title')}>
        <ButtonLink to={langPath(`/user/${user.username}`)} variant="secondary">
          {t('profile.publicPage')}
        </ButtonLink>
        <ButtonLink to={langPath('/auth/products')} variant="secondary">
          {t('myProducts.title')}
        </ButtonLink>
        <ButtonLink to={langPath('/auth/favs')} variant="secondary">
          {t('favourites.title')}
        </ButtonLink>
        <ButtonLink to={langPath('/auth/settings')} variant="secondary">
          {t('settings.title')}
        </ButtonLink>
      </nav>
    </div>
  );
}
