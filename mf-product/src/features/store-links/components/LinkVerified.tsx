import { VerifiedIcon } from '@linkhunt/shared-ui/components/link-health/VerifiedIcon.tsx';
import { formatDate } from '@linkhunt/shared-ui/features/i18n/format-date.ts';
import { calendarDaysSince, formatDaysAgo } from '@linkhunt/shared-ui/features/i18n/relative-day.ts';
import { useClientNow } from '@linkhunt/shared-ui/features/ssr/use-client-now.ts';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { Trans, useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './LinkVerified.module.css';

interface Props {
  /** When the link checker last reached a verdict (ISO 8601). */
  checkedAt: string;
  id?: string;
  className?: string;
}

/**
 * "Link verified 3 days ago". How long ago depends on now, and the server's now is not the browser's (another
 * clock, another time zone, and a page may come from a cache rendered earlier): the server and the hydrating
 * render say the day itself instead ("Link verified on March 12, 2025", in UTC so both write the same day),
 * which is also true for whoever reads the page without scripts; once hydrated, the browser's clock gives the
 * days, counted in calendar days of the visitor's own time zone ("today", "yesterday"). In the store-links
 * dialog, which only ever opens in the browser, the days show at once.
 */
export function LinkVerified({ checkedAt, id, className }: Props) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const now = useClientNow();
  const date = formatDate(checkedAt, i18n.language, 'long', 'UTC');
  // An unreadable date says nothing true: nothing is shown, on the server and in the browser alike.
  if (!date) return null;
  const days = now === null ? null : calendarDaysSince(checkedAt, now);
  const time = <time dateTime={checkedAt} />;
  return (
    <p id={id} className={cx(styles.verified, className)}>
      <VerifiedIcon className={styles.icon} />
      <span>
        {days === null ? (
          <Trans t={t} i18nKey="links.verifiedOn" values={{ date }} components={{ time }} />
        ) : (
          <Trans t={t} i18nKey="links.verifiedAgo" values={{ when: formatDaysAgo(days, i18n.language) }} components={{ time }} />
        )}
      </span>
    </p>
  );
}
