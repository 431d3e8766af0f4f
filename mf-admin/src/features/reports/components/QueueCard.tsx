import { STATEMENT_MAX_LENGTH, STATEMENT_MIN_LENGTH, type QueueItem, type QueueReport } from '@linkhunt/contracts/moderation';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { StatementDialog } from '@linkhunt/shared-ui/components/statement-dialog/StatementDialog.tsx';
import { UserCredit } from '@linkhunt/shared-ui/components/user-credit/UserCredit.tsx';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import { imageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { useContentLang } from '@linkhunt/shared-ui/features/i18n/use-content-lang.ts';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Put } from '../../../hooks/use-console-page.ts';
import { useItemWrite } from '../../../hooks/use-item-write.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { QUEUE_CHANGES, type QuickDecision, decideNow, foreseenDecision, hideProduct } from '../api/queue-actions.ts';
import { AppealBox, type OwnProductProps } from './AppealBox.tsx';
import { LinkHistory } from './LinkHistory.tsx';
import styles from './QueueCard.module.css';

/** The preview's box, so nothing moves when it arrives (thumbnails are square). */
const PREVIEW_SIZE = 96;

interface Props {
  item: QueueItem;
  /** The queue page's put: a decision shows the item as it stands after it, or takes it out of the queue. */
  put: Put<QueueItem>;
}

/** One product in the queue: what it is and who uploaded it, why it was reported, its appeal, and the decisions. */
export function QueueCard({ item, put }: Props) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const contentLang = useContentLang();
  const titleId = useId();
  const { product, uploader } = item;
  const hidden = product.hidden === 1;
  const [hiding, setHiding] = useState(false);
  // An illegal-content notice makes removal the likely decision; the moderator says otherwise by unticking.
  const [illegal, setIllegal] = useState(() => item.reason_counts.some((count) => count.reason === 'illegal'));
  const illegalId = useId();
  const hideButton = useRef<HTMLButtonElement>(null);
  // Nobody decides on their own product, admins included (the API answers 403): the buttons say why they are off.
  const ownId = useId();
  const own = useSession((state) => state.user?.id) === uploader.id;
  const ownProps: OwnProductProps = own ? { disabled: true, 'aria-describedby': ownId } : {};

  /** A decision without a statement: shown at once, confirmed in a toast (or undone, with the error). */
  const quick = useItemWrite({
    item,
    put,
    send: (action: QuickDecision) => decideNow(item, action),
    foreseen: (action: QuickDecision) => foreseenDecision(item, action),
    changes: QUEUE_CHANGES,
    onSuccess: (_after, action) => toast.success(t(action === 'unhide' ? 'reports.unhidden' : 'reports.dismissed', { title: product.title })),
    onError: (error) => toast.error(errorMessage(error, t('reports.failed'))),
  });
  const hide = useItemWrite({
    item,
    put,
    send: (statement: string) => hideProduct(item, statement, illegal),
    changes: QUEUE_CHANGES,
    onSuccess: () => {
      toast.success(t('reports.hiddenDone', { title: product.title }));
      setHiding(false);
    },
  });

  return (
    <article className={styles.card} aria-labelledby={titleId} tabIndex={-1} data-queue-card>
      <img
        className={cx(styles.preview, hidden && styles.previewHidden)}
        src={imageUrl(product.thumbnail)}
        alt=""
        width={PREVIEW_SIZE}
        height={PREVIEW_SIZE}
        loading="lazy"
        decoding="async"
      />
      <div className={styles.body}>
        <div className={styles.head}>
          <h3 id={titleId} className={styles.title} {...contentLang(product.language)}>
            <Link to={langPath(`/product/${encodeURIComponent(product.slug)}`)}>{product.title}</Link>
          </h3>
          {hidden && <span className={styles.hiddenBadge}>{t('reports.hiddenBadge')}</span>}
        </div>
        <p className={styles.meta}>
          {t('reports.uploadedBy')}{' '}
          <Link to={langPath(`/user/${encodeURIComponent(uploader.username)}`)}>
            <UserCredit user={uploader} />
          </Link>
        </p>
        <p className={styles.meta}>
          {item.open_reports > 0 && <>{t('reports.openReports', { count: item.open_reports })} · </>}
          {t('reports.lastActivity', { date: formatDateTime(item.last_activity_at, i18n.language) })}
        </p>
        {item.reason_counts.length > 0 && (
          <ul role="list" className={styles.chips} aria-label={t('reports.reasonsLabel')}>
            {item.reason_counts.map(({ reason, count }) => (
              <li key={reason} className={cx(styles.chip, reason === 'illegal' && styles.chipIllegal)}>
                {t(`reasons.${reason}`)} <span className={styles.chipCount}>{count}</span>
              </li>
            ))}
          </ul>
        )}
        {item.reports.length > 0 && (
          <ol role="list" className={styles.reports} aria-label={t('reports.reportsLabel')}>
            {item.reports.map((report, index) => (
              <ReportLine key={`${report.created_at}-${index}`} report={report} />
            ))}
          </ol>
        )}
        <LinkHistory history={item.link_history} productTitle={product.title} />
        {item.appeal && <AppealBox item={item} put={put} ownProps={ownProps} />}
        {own && (
          <p id={ownId} className={styles.meta}>
            {t('reports.ownProduct')}
          </p>
        )}
        <div className={styles.actions}>
          {hidden ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={quick.isPending}
              {...ownProps}
              aria-label={t('reports.unhideLabel', { title: product.title })}
              onClick={() => quick.mutate('unhide')}
            >
              {t('reports.unhide')}
            </Button>
          ) : (
            <Button
              ref={hideButton}
              variant="danger"
              size="sm"
              disabled={quick.isPending}
              {...ownProps}
              aria-label={t('reports.hideLabel', { title: product.title })}
              onClick={() => setHiding(true)}
            >
              {t('reports.hide')}
            </Button>
          )}
          {item.open_reports > 0 && (
            <Button
              variant="ghost"
              size="sm"
              disabled={quick.isPending}
              {...ownProps}
              aria-label={t('reports.dismissLabel', { title: product.title })}
              onClick={() => quick.mutate('dismiss')}
            >
              {t('reports.dismiss')}
            </Button>
          )}
        </div>
      </div>
      <StatementDialog
        open={hiding}
        onClose={() => setHiding(false)}
        returnFocusTo={hideButton}
        title={t('reports.hideTitle', { title: product.title })}
        intro={<p>{t('reports.hideIntro')}</p>}
        label={t('statement.label')}
        hint={t('statement.hint', { min: STATEMENT_MIN_LENGTH })}
        submitLabel={t('reports.confirmHide')}
        submitVariant="danger"
        minLength={STATEMENT_MIN_LENGTH}
        maxLength={STATEMENT_MAX_LENGTH}
        field="statement"
        failed={t('reports.failed')}
        extra={
          <div className="field">
            <label htmlFor={illegalId}>
              <input id={illegalId} type="checkbox" checked={illegal} onChange={(event) => setIllegal(event.target.checked)} aria-describedby={`${illegalId}-hint`} />{' '}
              {t('reports.illegal')}
            </label>
            <p id={`${illegalId}-hint`} className="field-hint">
              {t('reports.illegalHint')}
            </p>
          </div>
        }
        write={hide}
      />
    </article>
  );
}

function ReportLine({ report }: { report: QueueReport }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  return (
    <li className={styles.report}>
      <p className={styles.reportHead}>
        <strong>{t(`reasons.${report.reason}`)}</strong>
        {' · '}
        <Reporter report={report} />
        {' · '}
        <time dateTime={report.created_at}>{formatDateTime(report.created_at, i18n.language)}</time>
      </p>
      <p className={cx(styles.details, !report.details && styles.noDetails)}>{report.details || t('reports.noDetails')}</p>
      {report.contact_email && <p className={styles.contact}>{t('reports.contact', { email: report.contact_email })}</p>}
    </li>
  );
}

/** Who filed a report: the link checker (when it hid the product), a member by @username, or a visitor. */
function Reporter({ report }: { report: QueueReport }) {
  const { t } = useTranslation(NAMESPACE);
  if (report.automated) return t('reports.reportedBy', { username: t('linkChecker') });
  return report.reporter ? t('reports.reportedBy', { username: `@${report.reporter}` }) : t('reports.reportedByVisitor');
}
