import type { Valoration } from '@linkhunt/contracts/product';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../features/i18n/format-date.ts';
import { useContentLang } from '../../features/i18n/use-content-lang.ts';
import { useLangPath } from '../../features/i18n/use-lang-path.ts';
import { StarRating } from '../star-rating/StarRating.tsx';
import { UserCredit } from '../user-credit/UserCredit.tsx';
import styles from './ReviewCard.module.css';

/** One review: its author (name and @username, to their page), the date, the stars and the text; `children` follow (the product). */
export function ReviewCard({ valoration, children }: { valoration: Valoration; children?: ReactNode }) {
  const { i18n } = useTranslation('ui');
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
      {children}
    </div>
  );
}
