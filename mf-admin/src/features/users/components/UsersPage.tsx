import type { ModeratedUser } from '@linkhunt/contracts/moderation';
import type { OwnUser } from '@linkhunt/contracts/user';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/ListState.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { useConsolePage } from '../../../hooks/use-console-page.ts';
import { usePageSearch } from '../../../hooks/use-page-search.ts';
import { readUserFilters, userQuery, withQuery } from '../../../lib/admin-query.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { AdminFrame } from '../../../components/AdminFrame.tsx';
import { UserFilter } from './UserFilter.tsx';
import { UserRow } from './UserRow.tsx';
import styles from './UsersPage.module.css';

/** `/{lang}/admin/users`: find an account, suspend or restore it; admins also grant and remove the moderator role. */
export default function UsersPage() {
  return <AdminFrame section="users">{({ user }) => <Users me={user} />}</AdminFrame>;
}

function Users({ me }: { me: OwnUser }) {
  const { t } = useTranslation(NAMESPACE);
  const { search, pathname } = usePageSearch();
  const filters = useMemo(() => readUserFilters(search), [search]);
  const list = useConsolePage<ModeratedUser>(withQuery('/admin/users', userQuery(filters)));
  return (
    <>
      <UserFilter key={search.toString()} filters={filters} pathname={pathname} />
      <ListState list={list} loading={t('users.loading')}>
        {({ items, pagination, put }) => (
          <>
            <h2 className={styles.count}>{t('users.count', { count: pagination.total })}</h2>
            {items.length === 0 ? (
              <EmptyState title={t('users.empty')} headingLevel={3}>
                {t('users.emptyText')}
              </EmptyState>
            ) : (
              <ul role="list" className={styles.list}>
                {items.map((user) => (
                  <li key={user.id}>
                    <UserRow user={user} me={me} put={put} />
                  </li>
                ))}
              </ul>
            )}
            <Pager page={filters.page} pagination={pagination} pageHref={(page) => withQuery(pathname, userQuery({ ...filters, page }))} />
          </>
        )}
      </ListState>
    </>
  );
}
