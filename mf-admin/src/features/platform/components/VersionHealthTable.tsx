import type { HealthResponse, RemoteHealth, VersionHealth } from '@linkhunt/contracts/platform-health';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { formatPercent } from '../../../lib/format-percent.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { EntryAddress } from './EntryAddress.tsx';
import styles from './PlatformTable.module.css';

type Thresholds = HealthResponse['thresholds'];

/** What the health watch calls unhealthy: an error rate above the threshold, over enough views to tell. */
const isUnhealthy = (version: VersionHealth, { maxErrorRate, minViews }: Thresholds) =>
  version.views >= minViews && version.errorRate > maxErrorRate;

interface Props {
  health: RemoteHealth;
  thresholds: Thresholds;
}

/** What each version of a remote met since the shell server first served it; an unhealthy one is marked in words too. */
export function VersionHealthTable({ health, thresholds }: Props) {
  const { t, i18n } = useTranslation(NAMESPACE);
  if (health.versions.length === 0) return <p className={styles.none}>{t('platform.health.none')}</p>;
  const roleOf = (entry: string) => (entry === health.entry ? 'current' : entry === health.canary?.entry ? 'canary' : null);
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{t('platform.health.caption', { remote: health.remote })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('platform.health.version')}</th>
          <th scope="col">{t('platform.health.since')}</th>
          <th scope="col">{t('platform.health.views')}</th>
          <th scope="col">{t('platform.health.loadErrors')}</th>
          <th scope="col">{t('platform.health.renderErrors')}</th>
          <th scope="col">{t('platform.health.serverFailures')}</th>
          <th scope="col">{t('platform.health.errorRate')}</th>
        </tr>
      </thead>
      <tbody>
        {health.versions.map((version) => {
          const unhealthy = isUnhealthy(version, thresholds);
          const role = roleOf(version.entry);
          return (
            <tr key={version.entry} className={cx(unhealthy && styles.unhealthy)} data-unhealthy={unhealthy || undefined}>
              <th scope="row">
                <EntryAddress entry={version.entry} />
                {role && <span className={styles.tag}>{t(`platform.health.${role}`)}</span>}
              </th>
              <td>
                <time dateTime={version.since}>{formatDateTime(version.since, i18n.language)}</time>
              </td>
              <td className={styles.number}>{version.views}</td>
              <td className={styles.number}>{version.clientErrors.load}</td>
              <td className={styles.number}>{version.clientErrors.render}</td>
              <td className={styles.number}>{version.serverFailures}</td>
              <td className={styles.number}>
                {formatPercent(version.errorRate, i18n.language)}
                {unhealthy && <span className={styles.alarm}>{t('platform.health.unhealthy')}</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
