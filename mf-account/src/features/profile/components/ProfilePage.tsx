import { ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { formatCount } from '@linkhunt/shared-ui/components/user-card/UserCard.tsx';
import { usernameHandle } from '@linkhunt/shared-ui/components/user-credit/UserCredit.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { sessionStore, useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UserStats } from '../../../components/UserStats.tsx';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './ProfilePage.module.css';
import { ShareProfile } from './ShareProfile.tsx';
import { VerifyNotice } from '../../../components/VerifyNotice.tsx';

/** Spec section 2: the profile offers share-profile, my products, favourites and settings, and shows the points. */
export default function ProfilePage() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const user = useSession((state) => state.user);

  // The points grow while the user is away (visits from the shared link, reviews): ask for the current ones.
  useEffect(() => {
    void sessionStore.getState().check();
  }, []);

  if (!user) return null;
  return (
    <div className={`container ${styles.page}`}>
      <Seo title={t('profile.title')} description={t('profile.title')} />
      <h1>{user.name}</h1>
      <p className={styles.username}>{usernameHandle(user.username)}</p>
      <VerifyNotice />
      <p className={styles.points} data-testid="profile-points">
        {t('profile.points', { points: formatCount(user.points) })}
      </p>
      <UserStats user={user} className={styles.stats} />
      <nav className={styles.actions} aria-label={t('profile.title')}>
        <ButtonLink to={langPath(`/user/${encodeURIComponent(user.username)}`)} variant="secondary">
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
        <ButtonLink to={langPath('/product/new')}>{t('profile.addProduct')}</ButtonLink>
      </nav>
      <ShareProfile username={user.username} name={user.name} />
    </div>
  );
}
