import type { AuditEntry } from '@linkhunt/contracts/moderation';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/ListState.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { useConsolePage } from '../../../hooks/use-console-page.ts';
import { usePageSearch } from '../../../hooks/use-page-search.ts';
import { auditQuery, readAuditFilters, withQuery } from '../../../lib/admin-query.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { AdminFrame } from '../../../components/AdminFrame.tsx';
import { AuditEntryItem } from './AuditEntryItem.tsx';
import { AuditFilter } from './AuditFilter.tsx';
import styles from './AuditPage.module.css';

/** `/{lang}/admin/audit`: every moderator action, newest first, by action, moderator and target. Read only. */
export default function AuditPage() {
  return <AdminFrame section="audit">{() => <AuditLog />}</AdminFrame>;
}

function AuditLog() {
  const { t } = useTranslation(NAMESPACE);
  const countId = useId();
  const { search, pathname } = usePageSearch();
  const filters = useMemo(() => readAuditFilters(search), [search]);
  const list = useConsolePage<AuditEntry>(withQuery('/admin/audit', auditQuery(filters)));
  const hrefFor = (changes: Partial<typeof filters>) => withQuery(pathname, auditQuery({ ...filters, page: 1, ...changes }));
  return (
    <>
      <AuditFilter key={search.toString()} filters={filters} pathname={pathname} />
      <ListState list={list} loading={t('audit.loading')}>
        {({ items, pagination }) => (
          <>
            <h2 id={countId} className={styles.count}>
              {t('audit.count', { count: pagination.total })}
            </h2>
            {items.length === 0 ? (
              <EmptyState title={t('audit.empty')} headingLevel={3}>
                {t('audit.emptyText')}
              </EmptyState>
            ) : (
              <ol role="list" className={styles.list} aria-labelledby={countId}>
                {items.map((entry) => (
                  <AuditEntryItem
                    key={entry.id}
                    entry={entry}
                    actorHref={hrefFor({ actor: entry.actor.username })}
                    targetHref={hrefFor({ targetType: entry.target_type, targetId: entry.target_id })}
                  />
                ))}
              </ol>
            )}
            <Pager page={filters.page} pagination={pagination} pageHref={(page) => withQuery(pathname, auditQuery({ ...filters, page }))} />
          </>
        )}
      </ListState>
    </>
  );
}
