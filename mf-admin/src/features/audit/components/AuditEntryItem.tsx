import type { AuditEntry } from '@linkhunt/contracts/moderation';
import { usernameHandle } from '@linkhunt/shared-ui/components/user-credit/UserCredit.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { isLinkChecker } from '../../../lib/link-checker.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './AuditEntryItem.module.css';

interface Props {
  entry: AuditEntry;
  /** The log filtered to this entry's moderator (or the link checker), and to its target. */
  actorHref: string;
  targetHref: string;
}

/** One action: when, who, what and on what, with the statement, reason or role it carried. */
export function AuditEntryItem({ entry, actorHref, targetHref }: Props) {
  const { t, i18n } = useTranslation(NAMESPACE);
  // The link checker is no account: named for what it is, in the page's language, rather than "@link checker".
  const actor = isLinkChecker(entry.actor) ? t('linkChecker') : usernameHandle(entry.actor.username);
  // "Product #12 “Retro Runner”", "User #7 @ana": the label as it was at the time, and the id that outlives it.
  const target = t(`audit.target.${entry.target_type}`, { id: entry.target_id, label: entry.target_label });
  return (
    <li className={styles.entry}>
      <p className={styles.line}>
        <time className={styles.time} dateTime={entry.created_at}>
          {formatDateTime(entry.created_at, i18n.language)}
        </time>
        <span className={styles.action}>{t(`audit.actions.${entry.action}`)}</span>
      </p>
      <p className={styles.line}>
        <Link to={actorHref} aria-label={t('audit.byActorLabel', { actor })}>
          {actor}
        </Link>
        <span aria-hidden="true">→</span>
        <Link to={targetHref} aria-label={t('audit.onTargetLabel', { target })}>
          {target}
        </Link>
      </p>
      {entry.details && <p className={styles.details}>{entry.details}</p>}
    </li>
  );
}

