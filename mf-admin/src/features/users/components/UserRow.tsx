import { STATEMENT_MAX_LENGTH, STATEMENT_MIN_LENGTH, type ModeratedUser } from '@linkhunt/contracts/moderation';
import type { OwnUser } from '@linkhunt/contracts/user';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { StatementDialog } from '@linkhunt/shared-ui/components/statement-dialog/StatementDialog.tsx';
import { UserCredit, usernameHandle } from '@linkhunt/shared-ui/components/user-credit/UserCredit.tsx';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Put } from '../../../hooks/use-console-page.ts';
import { useItemWrite } from '../../../hooks/use-item-write.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { type QuickAction, USER_CHANGES, actNow, foreseenAction, suspendUser, userActions } from '../api/user-actions.ts';
import styles from './UserRow.module.css';

interface Props {
  user: ModeratedUser;
  me: Pick<OwnUser, 'id' | 'role'>;
  /** The users page's put: an action shows the user as they stand after it. */
  put: Put<ModeratedUser>;
}

/** One account: who it is, its standing, and what the signed-in moderator may do to it. */
export function UserRow({ user, me, put }: Props) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const headingId = useId();
  const card = useRef<HTMLElement>(null);
  const suspendButton = useRef<HTMLButtonElement>(null);
  // The suspend dialog gives focus back to its button, or, once the user is suspended, to the card (the button is gone).
  const dialogReturn = useRef<HTMLElement | null>(null);
  const [suspending, setSuspending] = useState(false);
  const can = userActions(user, me);
  const handle = usernameHandle(user.username);
  const suspended = user.suspended_at !== null;

  /** Shown at once, confirmed in a toast (or undone, with the error). */
  const quick = useItemWrite({
    item: user,
    put,
    send: (action: QuickAction) => actNow(user, action),
    foreseen: (action: QuickAction) => foreseenAction(user, action),
    changes: USER_CHANGES,
    onSuccess: (_after, action) => toast.success(t(`users.done.${action}`, { username: handle })),
    onError: (error) => toast.error(errorMessage(error, t('users.failed'))),
  });
  const suspend = useItemWrite({
    item: user,
    put,
    send: (reason: string) => suspendUser(user, reason),
    changes: USER_CHANGES,
    onSuccess: () => {
      toast.success(t('users.done.suspend', { username: handle }));
      dialogReturn.current = card.current;
      setSuspending(false);
    },
  });
  /** The control that had the focus is replaced by its opposite (Suspend by Restore): the card keeps the focus. */
  const act = (action: QuickAction) => {
    quick.mutate(action);
    card.current?.focus();
  };

  return (
    <article ref={card} className={styles.card} aria-labelledby={headingId} tabIndex={-1}>
      <div className={styles.head}>
        <h3 id={headingId} className={styles.name}>
          <UserCredit user={user} />
        </h3>
        <span className={cx(styles.status, suspended ? styles.suspended : styles.active)}>
          {t(suspended ? 'users.statuses.suspended' : 'users.statuses.active')}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('users.email')}</dt>
          <dd className={styles.email}>{user.email}</dd>
        </div>
        <div>
          <dt>{t('users.role')}</dt>
          <dd>{t(`roles.${user.role}`)}</dd>
        </div>
        <div>
          <dt>{t('users.verified')}</dt>
          <dd>{t(user.verified ? 'users.yes' : 'users.no')}</dd>
        </div>
        <div>
          <dt>{t('users.products')}</dt>
          <dd>{user.products}</dd>
        </div>
        <div>
          <dt>{t('users.joined')}</dt>
          <dd>
            <time dateTime={user.created_at}>{formatDateTime(user.created_at, i18n.language)}</time>
          </dd>
        </div>
      </dl>
      {suspended && (
        <p className={styles.suspension}>
          {t('users.suspendedOn', { date: formatDateTime(user.suspended_at ?? '', i18n.language) })}
          {user.suspension_reason && (
            <>
              {' '}
              <q className={styles.reason}>{user.suspension_reason}</q>
            </>
          )}
        </p>
      )}
      {user.id === me.id && <p className={styles.note}>{t('users.you')}</p>}
      {(can.suspend || can.restore || can.grantModerator || can.revokeModerator) && (
        <div className={styles.actions}>
          {can.suspend && (
            <Button
              ref={suspendButton}
              variant="danger"
              size="sm"
              disabled={quick.isPending}
              aria-label={t('users.suspendLabel', { username: handle })}
              onClick={() => {
                dialogReturn.current = suspendButton.current;
                setSuspending(true);
              }}
            >
              {t('users.suspend')}
            </Button>
          )}
          {can.restore && (
            <Button
              variant="secondary"
              size="sm"
              disabled={quick.isPending}
              aria-label={t('users.restoreLabel', { username: handle })}
              onClick={() => act('restore')}
            >
              {t('users.restore')}
            </Button>
          )}
          {can.grantModerator && (
            <Button
              variant="secondary"
              size="sm"
              disabled={quick.isPending}
              aria-label={t('users.grantLabel', { username: handle })}
              onClick={() => act('grant')}
            >
              {t('users.grant')}
            </Button>
          )}
          {can.revokeModerator && (
            <Button
              variant="secondary"
              size="sm"
              disabled={quick.isPending}
              aria-label={t('users.revokeLabel', { username: handle })}
              onClick={() => act('revoke')}
            >
              {t('users.revoke')}
            </Button>
          )}
        </div>
      )}
      <StatementDialog
        open={suspending}
        onClose={() => setSuspending(false)}
        returnFocusTo={dialogReturn}
        title={t('users.suspendTitle', { username: handle })}
        intro={<p>{t('users.suspendIntro')}</p>}
        label={t('users.reason')}
        hint={t('users.reasonHint', { min: STATEMENT_MIN_LENGTH })}
        submitLabel={t('users.confirmSuspend')}
        submitVariant="danger"
        minLength={STATEMENT_MIN_LENGTH}
        maxLength={STATEMENT_MAX_LENGTH}
        field="reason"
        failed={t('users.failed')}
        write={suspend}
      />
    </article>
  );
}
