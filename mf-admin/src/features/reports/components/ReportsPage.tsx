import type { QueueItem } from '@linkhunt/contracts/moderation';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/ListState.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { type AdminList, type Put, useConsolePage } from '../../../hooks/use-console-page.ts';
import { usePageSearch } from '../../../hooks/use-page-search.ts';
import { queueQuery, readQueueFilters, withQuery } from '../../../lib/admin-query.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { AdminFrame } from '../../../components/AdminFrame.tsx';
import { stillQueued } from '../api/queue-actions.ts';
import { QueueCard } from './QueueCard.tsx';
import { QueueFilter } from './QueueFilter.tsx';
import styles from './ReportsPage.module.css';

const productIdOf = (item: QueueItem) => item.product.id;

/** `/{lang}/admin` and `/{lang}/admin/reports`: products with open reports or an open appeal, one card each. */
export default function ReportsPage() {
  return <AdminFrame section="reports">{() => <ReportsQueue />}</AdminFrame>;
}

function ReportsQueue() {
  const { t } = useTranslation(NAMESPACE);
  const { search, pathname } = usePageSearch();
  const filters = useMemo(() => readQueueFilters(search), [search]);
  const list = useConsolePage<QueueItem>(withQuery('/admin/reports', queueQuery(filters)), { keyOf: productIdOf, keeps: stillQueued });
  return (
    <>
      {/* Keyed by the address's reason: Back or a link resets the choice to what is shown. */}
      <QueueFilter key={filters.reason ?? ''} reason={filters.reason} pathname={pathname} />
      <ListState list={list} loading={t('reports.loading')}>
        {(ready) => (
          <>
            <Queue list={ready} />
            <Pager page={filters.page} pagination={ready.pagination} pageHref={(page) => withQuery(pathname, queueQuery({ ...filters, page }))} />
          </>
        )}
      </ListState>
    </>
  );
}

function Queue({ list }: { list: Extract<AdminList<QueueItem>, { status: 'ready' }> }) {
  const { t } = useTranslation(NAMESPACE);
  const { items, pagination } = list;
  const container = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Where the focus goes when a decision took away the control that had it: the card that is now at the
  // decided product's place (itself, or the one that moved up once it left), else the count.
  const focusAt = useRef<number | null>(null);

  useEffect(() => {
    const index = focusAt.current;
    if (index === null) return;
    focusAt.current = null;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected) return;
    const cards = container.current?.querySelectorAll<HTMLElement>('[data-queue-card]') ?? [];
    (cards[Math.min(index, cards.length - 1)] ?? heading.current)?.focus();
  }, [items]);

  const put: Put<QueueItem> = (item, next) => {
    focusAt.current = items.findIndex((each) => each.product.id === item.product.id);
    list.put(item, next);
  };

  return (
    <div ref={container} className={styles.queue}>
      <h2 ref={heading} tabIndex={-1} className={styles.count}>
        {t('reports.count', { count: pagination.total })}
      </h2>
      {items.length === 0 ? (
        <EmptyState title={t('reports.empty')} headingLevel={3}>
          {t('reports.emptyText')}
        </EmptyState>
      ) : (
        <ul role="list" className={styles.list}>
          {items.map((item) => (
            <li key={item.product.id}>
              <QueueCard item={item} put={put} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
