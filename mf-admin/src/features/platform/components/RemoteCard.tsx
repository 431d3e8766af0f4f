import type { RemotesResponse } from '@linkhunt/contracts/platform';
import type { HealthResponse, RemoteHealth } from '@linkhunt/contracts/platform-health';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { formatPercent } from '../../../lib/format-percent.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { abortCanary, rollBack } from '../api/platform-api.ts';
import { useAuthorName } from '../hooks/use-author-name.ts';
import { ConfirmedChange } from './ConfirmedChange.tsx';
import { EntryAddress } from './EntryAddress.tsx';
import styles from './RemoteCard.module.css';
import { VersionHealthTable } from './VersionHealthTable.tsx';

interface Props {
  remote: RemotesResponse['remotes'][number];
  /** Undefined when the health counts have no line for it (no entry in the remotes.json they read). */
  health: RemoteHealth | undefined;
  thresholds: HealthResponse['thresholds'];
}

/** One remote: the version everyone runs and who set it, its canary and watch, each version's health, the way back. */
export function RemoteCard({ remote: { remote, entry, last }, health, thresholds }: Props) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const authorName = useAuthorName();
  const headingId = useId();
  const date = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;
  // The version the current one replaced: where a rollback returns by default (the server's rule), named here.
  const previous = last?.to?.entry === entry ? last.from : null;
  const { canary, watch } = health ?? {};
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.name}>
        {remote}
      </h3>
      <dl className={styles.facts}>
        <div className={styles.wide}>
          <dt>{t('platform.version')}</dt>
          <dd>
            <EntryAddress entry={entry} />
          </dd>
        </div>
        <div className={styles.wide}>
          <dt>{t('platform.lastChange')}</dt>
          {last ? (
            <>
              <dd>{t(`platform.setByLine.${last.action}`, { by: authorName(last.by) })}</dd>
              <dd>{date(last.at)}</dd>
            </>
          ) : (
            <dd>{t('platform.noLine')}</dd>
          )}
        </div>
      </dl>
      {canary && (
        <section className={styles.box} aria-labelledby={`${headingId}-canary`}>
          <h4 id={`${headingId}-canary`} className={styles.boxTitle}>
            {t('platform.canary.heading')}
          </h4>
          <dl className={styles.facts}>
            <div className={styles.wide}>
              <dt>{t('platform.version')}</dt>
              <dd>
                <EntryAddress entry={canary.entry} />
              </dd>
            </div>
            <div>
              <dt>{t('platform.canary.share')}</dt>
              <dd>{formatPercent(canary.percent / 100, i18n.language)}</dd>
            </div>
          </dl>
          <div className={styles.actions}>
            <ConfirmedChange
              label={t('platform.abort.button')}
              accessibleLabel={t('platform.abort.label', { remote })}
              title={t('platform.abort.title', { remote })}
              intro={t('platform.abort.intro', { percent: formatPercent(canary.percent / 100, i18n.language) })}
              confirmLabel={t('platform.abort.confirm')}
              from={canary.entry}
              to={entry}
              send={() => abortCanary(remote)}
              done={t('platform.abort.done', { remote })}
            />
          </div>
        </section>
      )}
      {watch && (
        <section className={styles.box} aria-labelledby={`${headingId}-watch`}>
          <h4 id={`${headingId}-watch`} className={styles.boxTitle}>
            {t('platform.watch.heading')}
          </h4>
          <dl className={styles.facts}>
            <div className={styles.wide}>
              <dt>{t('platform.version')}</dt>
              <dd>
                <EntryAddress entry={watch.entry} />
              </dd>
            </div>
            <div>
              <dt>{t('platform.watch.until')}</dt>
              <dd>{date(watch.until)}</dd>
            </div>
            <div>
              <dt>{t('platform.watch.ifUnhealthy')}</dt>
              <dd>{t(`platform.watch.actions.${watch.action}`)}</dd>
            </div>
          </dl>
        </section>
      )}
      {health && <VersionHealthTable health={health} thresholds={thresholds} />}
      {previous ? (
        <div className={styles.actions}>
          <ConfirmedChange
            label={t('platform.rollback.button')}
            accessibleLabel={t('platform.rollback.label', { remote })}
            title={t('platform.rollback.title', { remote })}
            intro={t('platform.rollback.intro')}
            confirmLabel={t('platform.rollback.confirm')}
            from={entry}
            to={previous}
            send={() => rollBack({ remote, to: previous.entry })}
            done={t('platform.rollback.done', { remote })}
          />
        </div>
      ) : (
        <p className={styles.note}>{t('platform.rollback.none')}</p>
      )}
    </article>
  );
}
