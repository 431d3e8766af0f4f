import { REPORT_REASONS, type ReportReason } from '@linkhunt/contracts/product';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withQuery } from '../../../lib/admin-query.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from '../../../components/FilterForm.module.css';

interface Props {
  reason: ReportReason | null;
  pathname: string;
}

/** The queue by reason, as a GET form: the choice goes into the address (page 1), applied when sent. */
export function QueueFilter({ reason, pathname }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const id = useId();
  const [chosen, setChosen] = useState<string>(reason ?? '');
  return (
    <form
      className={styles.form}
      method="get"
      action={pathname}
      role="search"
      aria-label={t('reports.filterLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(withQuery(pathname, { reason: chosen }));
      }}
    >
      <div className="field">
        <label htmlFor={id}>{t('reports.reason')}</label>
        <select id={id} name="reason" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{t('reports.allReasons')}</option>
          {REPORT_REASONS.map((value) => (
            <option key={value} value={value}>
              {t(`reasons.${value}`)}
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
