import type { Valoration } from '@linkhunt/contracts/product';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageUrl } from '../../features/config/site-config.ts';
import { formatDate } from '../../features/i18n/format-date.ts';
import { useContentLang } from '../../features/i18n/use-content-lang.ts';
import { useLangPath } from '../../features/i18n/use-lang-path.ts';
import { StarRating } from '../star-rating/StarRating.tsx';
import { UserCredit } from '../user-credit/UserCredit.tsx';
import styles from './ReviewCard.module.css';

/**
 * One review: its author (name and @username, to their page), the date, the stars, the text and the reviewer's photos
 * (each opens at full size), or the moderators' statement where they removed them; `children` follow (the product).
 */
export function ReviewCard({ valoration, children }: { valoration: Valoration; children?: ReactNode }) {
  const { t, i18n } = useTranslation('ui');
  const langPath = useLangPath();
  const contentLang = useContentLang();
  return (
    <div className={styles.review}>
      <div className={styles.head}>
        <Link to={langPath(`/user/${encodeURIComponent(valoration.user.username)}`)} className={styles.author}>
          <UserCredit user={valoration.user} />
        </Link>
        <time dateTime={valoration.created_at} className={styles.date}>
          {formatDate(valoration.created_at, i18n.language, 'medium')}
        </time>
      </div>
      <StarRating rating={{ average: valoration.stars, count: 1 }} single />
      {valoration.review && (
        <p className={styles.text} {...contentLang(valoration.language)}>
          {valoration.review}
        </p>
      )}
      {valoration.photos.length > 0 && (
        <ul className={styles.photos} aria-label={t('review.photos', { name: valoration.user.name })}>
          {valoration.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={imageUrl(photo.image)} target="_blank" rel="noopener" className={styles.photo}>
                <img
                  src={imageUrl(photo.thumbnail)}
                  alt={t('review.photo', { n: index + 1, count: valoration.photos.length })}
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                />
                <span className="visually-hidden">{t('review.newTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {valoration.photos_removed && <p className={styles.removed}>{t('review.photosRemoved', { statement: valoration.photos_removed.statement })}</p>}
      {children}
    </div>
  );
}
