import { type HistoryResponse } from '@linkhunt/contracts/platform';
import { REMOTE_IDS, type RemoteId } from '@linkhunt/contracts/remotes';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { LoadFailed } from '@linkhunt/shared-ui/components/page-state/LoadFailed.tsx';
import { LoadMoreFooter } from '@linkhunt/shared-ui/components/load-more/LoadMoreFooter.tsx';
import { Spinner } from '@linkhunt/shared-ui/components/spinner/Spinner.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import filterStyles from '../../../components/FilterForm.module.css';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { formatPercent } from '../../../lib/format-percent.ts';
import { withQuery } from '../../../lib/admin-query.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { historyPath } from '../api/platform-api.ts';
import { useAuthorName } from '../hooks/use-author-name.ts';
import { usePlatformRead } from '../hooks/use-platform-read.ts';
import { EntryAddress } from './EntryAddress.tsx';
import pageStyles from './PlatformPage.module.css';
import styles from './PlatformTable.module.css';

/** Lines asked at first, and added by each "load more". */
const HISTORY_STEP = 20;
/** The most GET /_platform/history answers at once (HistoryQuery.limit). */
const HISTORY_MAX = 1000;

interface Props {
  /** From the page's address (`?remote=`): one remote's lines, or everyone's. */
  remote: RemoteId | null;
  pathname: string;
}

/** The deploy history, newest first: by remote, a step of lines at a time. */
export function PlatformHistory({ remote, pathname }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  return (
    <section className={pageStyles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={pageStyles.heading}>
        {t('platform.history.heading')}
      </h2>
      <HistoryFilter key={`filter-${remote ?? ''}`} remote={remote} pathname={pathname} />
      {/* Another remote starts again at the first step. */}
      <HistoryLines key={`lines-${remote ?? ''}`} remote={remote} />
    </section>
  );
}

/** The history by remote, as a GET form: the choice goes into the address, applied when sent. */
function HistoryFilter({ remote, pathname }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const id = useId();
  const [chosen, setChosen] = useState<string>(remote ?? '');
  return (
    <form
      className={filterStyles.form}
      method="get"
      action={pathname}
      role="search"
      aria-label={t('platform.history.filterLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(withQuery(pathname, { remote: chosen }));
      }}
    >
      <div className="field">
        <label htmlFor={id}>{t('platform.history.remote')}</label>
        <select id={id} name="remote" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{t('platform.history.allRemotes')}</option>
          {REMOTE_IDS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        {t('filters.apply')}
      </Button>
    </form>
  );
}

function HistoryLines({ remote }: { remote: RemoteId | null }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const authorName = useAuthorName();
  const [limit, setLimit] = useState(HISTORY_STEP);
  const read = usePlatformRead<HistoryResponse>(historyPath(remote, limit));
  if (read.status === 'loading') return <Spinner label={t('platform.history.loading')} />;
  if (read.status === 'error') return <LoadFailed onRetry={read.retry} title={t('platform.history.failed')} headingLevel={3} />;
  const { lines } = read.data;
  if (lines.length === 0) return <p className={styles.none}>{t('platform.history.empty')}</p>;
  return (
    <>
      <table className={styles.table} aria-busy={read.stale || undefined}>
        <caption className={styles.caption}>
          {remote ? t('platform.history.captionOf', { remote }) : t('platform.history.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('platform.history.when')}</th>
            <th scope="col">{t('platform.history.remote')}</th>
            <th scope="col">{t('platform.history.action')}</th>
            <th scope="col">{t('platform.history.by')}</th>
            <th scope="col">{t('platform.from')}</th>
            <th scope="col">{t('platform.to')}</th>
            <th scope="col">{t('platform.history.percent')}</th>
            <th scope="col">{t('platform.history.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">
                <time dateTime={line.at}>{formatDateTime(line.at, i18n.language)}</time>
              </th>
              <td>{line.remote}</td>
              <td>{t(`platform.actions.${line.action}`)}</td>
              <td>{authorName(line.by)}</td>
              <td>
                <EntryAddress entry={line.from} />
              </td>
              <td>
                <EntryAddress entry={line.to} />
              </td>
              <td className={styles.number}>{line.percent === undefined ? '' : formatPercent(line.percent / 100, i18n.language)}</td>
              <td>{line.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <LoadMoreFooter
        status={t('platform.history.shown', { count: lines.length })}
        // A full answer may have more behind it; a shorter one was all there is.
        hasMore={lines.length === limit && limit < HISTORY_MAX}
        loading={read.stale}
        failed={false}
        onLoadMore={() => setLimit(Math.min(limit + HISTORY_STEP, HISTORY_MAX))}
        label={t('platform.history.more')}
      />
    </>
  );
}
