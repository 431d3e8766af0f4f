import type { PublicUser } from '@linkhunt/contracts/user';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { initialsOf } from '@linkhunt/shared-ui/components/user-card/UserCard.tsx';
import { usernameHandle } from '@linkhunt/shared-ui/components/user-credit/UserCredit.tsx';
import { avatarUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { useImageFallback } from '@linkhunt/shared-ui/features/media/use-image-fallback.ts';
import { useTranslation } from 'react-i18next';
import { UserStats } from '../../../components/UserStats.tsx';
import { NAMESPACE } from '../../../register-locales.ts';
import { copyText } from '@linkhunt/shared-ui/features/clipboard/copy-text.ts';
import { formatDate } from '@linkhunt/shared-ui/features/i18n/format-date.ts';
import { useContentLang } from '@linkhunt/shared-ui/features/i18n/use-content-lang.ts';
import styles from './UserProfile.module.css';

export const PROFILE_AVATAR_SIZE = 96;

/** The head of a public user page: avatar, name, @username, member since, biography, coupon and figures. */
export function UserProfile({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation('ui');
  const contentLang = useContentLang();
  const { imageSrc, onError } = useImageFallback(avatarUrl(user.avatar));
  const since = formatDate(user.created_at, i18n.language, 'month');
  const { coupon } = user;

  return (
    <header className={styles.profile}>
      <span className={styles.avatar}>
        {imageSrc ? (
          <img
            className={styles.avatarImage}
            src={imageSrc}
            alt={ui('user.avatarAlt', { name: user.name })}
            width={PROFILE_AVATAR_SIZE}
            height={PROFILE_AVATAR_SIZE}
            decoding="async"
            onError={onError}
          />
        ) : (
          <span className={styles.initials} aria-hidden="true">
            {initialsOf(user.name || user.username)}
          </span>
        )}
      </span>
      <div className={styles.identity}>
        <h1 className={styles.name}>{user.name}</h1>
        <p className={styles.username}>{usernameHandle(user.username)}</p>
        {since && (
          <p className={styles.since}>
            {t('user.memberSince', { date: since })}
          </p>
        )}
      </div>
      {user.biography && (
        <p className={styles.biography} {...contentLang(user.language)}>
          {user.biography}
        </p>
      )}
      {coupon && (
        <div className={styles.coupon}>
          <span className={styles.couponLabel}>{t('user.coupon')}</span>
          <code className={styles.couponCode}>{coupon}</code>
          <Button variant="secondary" size="sm" onClick={() => void copyText(coupon, t('user.couponCopied'), t('user.couponCopyFailed'))}>
            {t('user.copyCoupon')}
          </Button>
        </div>
      )}
      <UserStats user={user} withPoints className={styles.stats} />
    </header>
  );
}
