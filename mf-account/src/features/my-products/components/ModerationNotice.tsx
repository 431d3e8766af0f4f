import type { ModerationNotice as Moderation, OwnProduct } from '@linkhunt/contracts/product';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { formatDate } from '@linkhunt/shared-ui/features/i18n/format-date.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { AppealDialog } from './AppealDialog.tsx';
import styles from './ModerationNotice.module.css';

type Appeal = NonNullable<Moderation['appeal']>;

/**
 * A product a moderator hid, as its uploader sees it (EU DSA Art. 17): when, the statement of reasons, and the one
 * appeal: the way to make it, or where it stands. A product the link checker hid has nothing to appeal.
 */
export function ModerationNotice({ product, moderation }: { product: OwnProduct; moderation: Moderation }) {
  if (moderation.automated) return <AutomatedNotice />;
  return <ModeratorNotice product={product} moderation={moderation} />;
}

/**
 * Hidden by the link checker, every link gone: the way back is to fix the links with the card's own Edit button,
 * just below; the product comes back by itself once a link works again. The API's statement is not repeated:
 * this says the same in the page's language.
 */
function AutomatedNotice() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className={cx(styles.notice, styles.automated)} data-testid="moderation-notice">
      <p className={styles.title}>{t('moderation.automated')}</p>
      <p>{t('moderation.automatedHint')}</p>
    </div>
  );
}

function ModeratorNotice({ product, moderation }: { product: OwnProduct; moderation: Moderation }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  // Sent from here, the appeal stands at once; the API's record says the same on the next visit.
  const [appeal, setAppeal] = useState<Appeal | null>(moderation.appeal);
  const [appealing, setAppealing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const hiddenOn = formatDate(moderation.hidden_at, i18n.language);

  return (
    <div className={styles.notice} data-testid="moderation-notice">
      {moderation.withdrawn ? (
        <>
          <p className={styles.title}>{hiddenOn ? t('moderation.removedOn', { date: hiddenOn }) : t('moderation.removed')}</p>
          <p>{t('moderation.removedHint')}</p>
        </>
      ) : (
        <p className={styles.title}>{hiddenOn ? t('moderation.hiddenOn', { date: hiddenOn }) : t('moderation.hidden')}</p>
      )}
      <p className={styles.label}>{t('moderation.statement')}</p>
      <blockquote className={styles.statement}>{moderation.statement}</blockquote>
      {appeal ? (
        <AppealStatus appeal={appeal} />
      ) : (
        <>
          <p className={styles.hint}>{t('moderation.appealHint')}</p>
          <Button ref={opener} variant="secondary" size="sm" onClick={() => setAppealing(true)} aria-label={t('moderation.appealLabel', { title: product.title })}>
            {t('moderation.appeal')}
          </Button>
          <AppealDialog
            open={appealing}
            productId={product.id}
            productTitle={product.title}
            returnFocusTo={opener}
            onClose={() => setAppealing(false)}
            onAppealed={(created) => {
              setAppealing(false);
              setAppeal(created);
            }}
          />
        </>
      )}
    </div>
  );
}

/** Where the appeal stands; an appeal found already sent (409) may come without its date. */
function AppealStatus({ appeal }: { appeal: Appeal }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const date = formatDate(appeal.created_at, i18n.language);
  const key = appeal.status === 'open' && !date ? 'sent' : appeal.status;
  return (
    <p className={styles.status} data-status={appeal.status}>
      {t(`moderation.appealStatus.${key}`, { date })}
    </p>
  );
}
