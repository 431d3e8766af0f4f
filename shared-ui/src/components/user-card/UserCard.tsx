import type { PublicUser } from '@linkhunt/contracts/user';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { avatarUrl } from '../../features/config/site-config.ts';
import { useImageFallback } from '../../features/media/use-image-fallback.ts';
import { useLangPath } from '../../features/i18n/use-lang-path.ts';
import { cx } from '../../styles/class-names.ts';
import { usernameHandle } from '../user-credit/UserCredit.tsx';
import styles from './UserCard.module.css';

export const USER_AVATAR_SIZE = 72;

/** Spec section 3: figures use Chilean Spanish grouping whatever the language, so 1600 is "1.600". */
const numberFormat = new Intl.NumberFormat('es-CL', { useGrouping: 'always' });

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** "Ana Pérez" → "AP"; a one-word name gives one letter. Code points, so accents and emoji stay whole. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

export interface UserCardProps {
  user: PublicUser;
  headingLevel?: 2 | 3 | 4;
}

export function UserCard({ user, headingLevel = 3 }: UserCardProps) {
  const { t } = useTranslation('ui');
  const langPath = useLangPath();
  const src = avatarUrl(user.avatar);
  const { imageSrc, onError } = useImageFallback(src);
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={cx(styles.card, styles.interactive)}>
      <Link to={langPath(`/user/${user.username}`)} className={styles.link}>
        <span className={styles.avatar}>
          {imageSrc ? (
            <img
              className={styles.avatarImage}
              src={imageSrc}
              // The name is the card's heading: "Profile picture of Ana" would only come before it in the link's name.
              alt=""
              width={USER_AVATAR_SIZE}
              height={USER_AVATAR_SIZE}
              loading="lazy"
              decoding="async"
              onError={onError}
            />
          ) : (
            <span className={styles.initials} aria-hidden="true">
              {initialsOf(user.name || user.username)}
            </span>
          )}
        </span>
        <Heading className={styles.name}>{user.name}</Heading>
        <p className={styles.username}>{usernameHandle(user.username)}</p>
        <dl className={styles.stats}>
          <div className={styles.stat}>
            <dt className={styles.statLabel}>{t('user.products')}</dt>
            <dd className={styles.statValue}>{formatCount(user.num_products)}</dd>
          </div>
          <div className={styles.stat}>
            <dt className={styles.statLabel}>{t('user.reviews')}</dt>
            <dd className={styles.statValue}>{formatCount(user.num_valorations)}</dd>
          </div>
          <div className={cx(styles.stat, styles.points)}>
            <dt className={styles.statLabel}>{t('user.points')}</dt>
            <dd className={styles.statValue}>{formatCount(user.points)}</dd>
          </div>
        </dl>
      </Link>
    </article>
  );
}
