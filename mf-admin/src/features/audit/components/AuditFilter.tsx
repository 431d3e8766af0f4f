import { AUDIT_ACTIONS } from '@linkhunt/contracts/moderation';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type AuditFilters, bareUsername, MAX_ACTOR_LENGTH, TARGET_TYPES, withQuery } from '../../../lib/admin-query.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from '../../../components/FilterForm.module.css';

/** The log by action, moderator and target, as a GET form: what is sent goes into the address (page 1). */
export function AuditFilter({ filters, pathname }: { filters: AuditFilters; pathname: string }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const ids = { action: useId(), actor: useId(), type: useId(), target: useId() };
  const [action, setAction] = useState<string>(filters.action ?? '');
  const [actor, setActor] = useState(filters.actor);
  const [targetType, setTargetType] = useState<string>(filters.targetType ?? '');
  const [targetId, setTargetId] = useState(filters.targetId === null ? '' : String(filters.targetId));
  const filtered = filters.action !== null || filters.actor !== '' || filters.targetType !== null;
  return (
    <form
      className={styles.form}
      method="get"
      action={pathname}
      role="search"
      aria-label={t('audit.filterLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        // An id means nothing without its type (readAuditFilters drops it too).
        const id = targetType ? targetId.trim() : '';
        void navigate(withQuery(pathname, { action, actor: bareUsername(actor), target_type: targetType, target_id: id }));
      }}
    >
      <div className="field">
        <label htmlFor={ids.action}>{t('audit.action')}</label>
        <select id={ids.action} name="action" value={action} onChange={(event) => setAction(event.target.value)}>
          <option value="">{t('audit.anyAction')}</option>
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {t(`audit.actions.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.actor}>{t('audit.actor')}</label>
        <input
          id={ids.actor}
          name="actor"
          value={actor}
          // "@" and the name: a leading @ is taken off before sending.
          maxLength={MAX_ACTOR_LENGTH + 1}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setActor(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.type}>{t('audit.targetType')}</label>
        <select id={ids.type} name="target_type" value={targetType} onChange={(event) => setTargetType(event.target.value)}>
          <option value="">{t('audit.anyTarget')}</option>
          {TARGET_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`audit.targetTypes.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.target}>{t('audit.targetId')}</label>
        <input
          id={ids.target}
          name="target_id"
          inputMode="numeric"
          pattern="[0-9]*"
          value={targetId}
          disabled={!targetType}
          aria-describedby={targetType ? undefined : `${ids.target}-hint`}
          onChange={(event) => setTargetId(event.target.value.replace(/\D/g, ''))}
        />
        {!targetType && (
          <p id={`${ids.target}-hint`} className="field-hint">
            {t('audit.targetIdHint')}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="secondary">
          {t('filters.apply')}
        </Button>
        {filtered && <Link to={pathname}>{t('filters.clear')}</Link>}
      </div>
    </form>
  );
}
