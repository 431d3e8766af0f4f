import { type AppealDecision, STATEMENT_MAX_LENGTH, STATEMENT_MIN_LENGTH, type QueueItem } from '@linkhunt/contracts/moderation';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { StatementDialog } from '@linkhunt/shared-ui/components/statement-dialog/StatementDialog.tsx';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Put } from '../../../hooks/use-console-page.ts';
import { useItemWrite } from '../../../hooks/use-item-write.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { QUEUE_CHANGES, decideAppeal } from '../api/queue-actions.ts';
import styles from './QueueCard.module.css';

type Outcome = 'upheld' | 'reversed';

/** The decision buttons' state when the product is the moderator's own (disabled, described by the reason). */
export interface OwnProductProps {
  disabled?: boolean;
  'aria-describedby'?: string;
}

/** The uploader's open appeal: the statement it answers, what they wrote, and the two ways to decide it. */
export function AppealBox({ item, put, ownProps = {} }: { item: QueueItem; put: Put<QueueItem>; ownProps?: OwnProductProps }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const headingId = useId();
  const [deciding, setDeciding] = useState<Outcome | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const uphold = useRef<HTMLButtonElement>(null);
  const reverse = useRef<HTMLButtonElement>(null);
  const { appeal, product } = item;
  const decide = useItemWrite({
    item,
    put,
    send: (decision: AppealDecision) => decideAppeal(item, decision),
    changes: QUEUE_CHANGES,
    onSuccess: (_after, { outcome }) => {
      toast.success(t(outcome === 'reversed' ? 'appeal.reversed' : 'appeal.upheld', { title: product.title }));
      setDeciding(null);
    },
  });
  if (!appeal) return null;

  const open = (outcome: Outcome) => {
    opener.current = outcome === 'upheld' ? uphold.current : reverse.current;
    setDeciding(outcome);
  };

  return (
    <section className={styles.appeal} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.appealTitle}>
        {t('appeal.heading')}
      </h4>
      <p className={styles.appealLabel}>{t('appeal.statement')}</p>
      <blockquote className={styles.quote}>{appeal.statement}</blockquote>
      <p className={styles.appealLabel}>
        {t('appeal.text')} <time dateTime={appeal.created_at}>{formatDateTime(appeal.created_at, i18n.language)}</time>
      </p>
      <blockquote className={styles.quote}>{appeal.text}</blockquote>
      <div className={styles.actions}>
        <Button ref={uphold} variant="secondary" size="sm" {...ownProps} aria-label={t('appeal.upholdLabel', { title: product.title })} onClick={() => open('upheld')}>
          {t('appeal.uphold')}
        </Button>
        <Button ref={reverse} variant="secondary" size="sm" {...ownProps} aria-label={t('appeal.reverseLabel', { title: product.title })} onClick={() => open('reversed')}>
          {t('appeal.reverse')}
        </Button>
      </div>
      <StatementDialog
        // One dialog per outcome, so a statement begun for one is never sent as the other.
        key={deciding ?? 'closed'}
        open={deciding !== null}
        onClose={() => setDeciding(null)}
        returnFocusTo={opener}
        title={t(deciding === 'reversed' ? 'appeal.reverseTitle' : 'appeal.upholdTitle')}
        intro={<p>{t(deciding === 'reversed' ? 'appeal.reverseIntro' : 'appeal.upholdIntro', { title: product.title })}</p>}
        label={t('statement.label')}
        hint={t('statement.hint', { min: STATEMENT_MIN_LENGTH })}
        submitLabel={t(deciding === 'reversed' ? 'appeal.confirmReverse' : 'appeal.confirmUphold')}
        minLength={STATEMENT_MIN_LENGTH}
        maxLength={STATEMENT_MAX_LENGTH}
        field="statement"
        failed={t('reports.failed')}
        write={{ isPending: decide.isPending, mutate: (statement, callbacks) => decide.mutate({ outcome: deciding ?? 'upheld', statement }, callbacks) }}
      />
    </section>
  );
}
