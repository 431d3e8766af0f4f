import type { LinkCheckEntry } from '@linkhunt/contracts/moderation';
import { STORE_NAMES } from '@linkhunt/shared-ui/components/store-badges/store-names.ts';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './LinkHistory.module.css';

/** Up to this many checks the table shows at once; more stay folded under their count and latest result. */
export const HISTORY_OPEN_UP_TO = 3;

interface Props {
  /** Newest first (QueueItem.link_history); undefined from an API older than the field. */
  history: LinkCheckEntry[] | undefined;
  productTitle: string;
}

/**
 * The product's latest link checks, as a table a moderator reads before deciding on a "broken link" report:
 * when, which store, what the checker concluded, why, and the HTTP status it got. The open state follows the
 * data alone, so a server render and the browser's agree.
 */
export function LinkHistory({ history = [], productTitle }: Props) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [latest] = history;
  if (!latest) return <p className={styles.none}>{t('linkHistory.none')}</p>;
  return (
    <details className={styles.history} open={history.length <= HISTORY_OPEN_UP_TO}>
      <summary className={styles.summary}>
        {t('linkHistory.summary', { count: history.length })}
        {' · '}
        {t('linkHistory.latest', { result: t(`linkHistory.results.${latest.result}`) })}
      </summary>
      <table className={styles.table}>
        <caption className="visually-hidden">
          {t('linkHistory.caption', { title: productTitle })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('linkHistory.checkedAt')}</th>
            <th scope="col">{t('linkHistory.store')}</th>
            <th scope="col">{t('linkHistory.result')}</th>
            <th scope="col">{t('linkHistory.reason')}</th>
            <th scope="col">{t('linkHistory.httpStatus')}</th>
          </tr>
        </thead>
        <tbody>
          {history.map((entry, index) => (
            <tr key={`${entry.checked_at}-${entry.platform}-${index}`}>
              <td>
                <time dateTime={entry.checked_at}>{formatDateTime(entry.checked_at, i18n.language)}</time>
              </td>
              <td>{STORE_NAMES[entry.platform]}</td>
              <td className={cx(styles.result, styles[entry.result])} data-result={entry.result}>
                {t(`linkHistory.results.${entry.result}`)}
              </td>
              <td>{t(`linkHistory.reasons.${entry.reason}`)}</td>
              <td className={styles.status}>
                {entry.http_status ?? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">{t('linkHistory.noStatus')}</span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
