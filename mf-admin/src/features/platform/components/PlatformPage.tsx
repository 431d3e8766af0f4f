import type { RemotesResponse } from '@linkhunt/contracts/platform';
import type { HealthResponse } from '@linkhunt/contracts/platform-health';
import { LoadFailed } from '@linkhunt/shared-ui/components/page-state/LoadFailed.tsx';
import { Spinner } from '@linkhunt/shared-ui/components/spinner/Spinner.tsx';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminFrame } from '../../../components/AdminFrame.tsx';
import { usePageSearch } from '../../../hooks/use-page-search.ts';
import { readHistoryRemote } from '../../../lib/admin-query.ts';
import { formatPercent } from '../../../lib/format-percent.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { HEALTH_PATH, REMOTES_PATH } from '../api/platform-api.ts';
import { usePlatformRead } from '../hooks/use-platform-read.ts';
import { PlatformHistory } from './PlatformHistory.tsx';
import styles from './PlatformPage.module.css';
import { RemoteCard } from './RemoteCard.tsx';

/**
 * `/{lang}/admin/platform`, for admins: each remote's version, canary, watch and health, a rollback or a canary
 * abort behind one confirmation, and the deploy history. It reads the shell server's platform API on the site's
 * own origin, with the admin's session.
 */
export default function PlatformPage() {
  return <AdminFrame section="platform">{() => <Platform />}</AdminFrame>;
}

function Platform() {
  const { search, pathname } = usePageSearch();
  const remote = useMemo(() => readHistoryRemote(search), [search]);
  return (
    <>
      <Remotes />
      <PlatformHistory remote={remote} pathname={pathname} />
    </>
  );
}

function Remotes() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const headingId = useId();
  const remotes = usePlatformRead<RemotesResponse>(REMOTES_PATH);
  const health = usePlatformRead<HealthResponse>(HEALTH_PATH);
  const body = () => {
    if (remotes.status === 'error' || health.status === 'error') {
      const retry = () => [remotes, health].forEach((read) => read.status === 'error' && read.retry());
      return <LoadFailed onRetry={retry} title={t('platform.failed')} headingLevel={3} />;
    }
    if (remotes.status === 'loading' || health.status === 'loading') return <Spinner label={t('platform.loading')} />;
    const { thresholds } = health.data;
    return (
      <>
        <p className={styles.thresholds}>
          {t('platform.thresholds', {
            rate: formatPercent(thresholds.maxErrorRate, i18n.language),
            views: thresholds.minViews,
            seconds: thresholds.watchSeconds,
          })}
        </p>
        <ul role="list" className={styles.list}>
          {remotes.data.remotes.map((remote) => (
            <li key={remote.remote}>
              <RemoteCard remote={remote} health={health.data.remotes.find((each) => each.remote === remote.remote)} thresholds={thresholds} />
            </li>
          ))}
        </ul>
      </>
    );
  };
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('platform.remotes')}
      </h2>
      {body()}
    </section>
  );
}
