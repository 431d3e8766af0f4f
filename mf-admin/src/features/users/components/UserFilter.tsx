import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MAX_USER_QUERY_LENGTH, type UserFilters, USER_STATUSES, withQuery } from '../../../lib/admin-query.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from '../../../components/FilterForm.module.css';

/** Search by username, name or e-mail, and by status, as a GET form: what is sent goes into the address (page 1). */
export function UserFilter({ filters, pathname }: { filters: UserFilters; pathname: string }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const queryId = useId();
  const statusId = useId();
  const [q, setQ] = useState(filters.q);
  const [status, setStatus] = useState<string>(filters.status ?? '');
  return (
    <form
      className={styles.form}
      method="get"
      action={pathname}
      role="search"
      aria-label={t('users.searchLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(withQuery(pathname, { q: q.trim(), status }));
      }}
    >
      <div className="field">
        <label htmlFor={queryId}>{t('users.query')}</label>
        <input
          id={queryId}
          type="search"
          name="q"
          value={q}
          maxLength={MAX_USER_QUERY_LENGTH}
          autoComplete="off"
          onChange={(event) => setQ(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={statusId}>{t('users.status')}</label>
        <select id={statusId} name="status" value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">{t('users.anyStatus')}</option>
          {USER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`users.statuses.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        {t('users.search')}
      </Button>
    </form>
  );
}
