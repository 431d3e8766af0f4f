import { POINTS_PER_PROFILE_VISIT } from '@linkhunt/contracts/limits';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { copyText } from '@linkhunt/shared-ui/features/clipboard/copy-text.ts';
import { useShareLink } from '../hooks/use-share-link.ts';
import styles from './ShareProfile.module.css';

/** Spec sections 1 and 2: share-profile. The link, a copy button and, where the browser has one, the share sheet. */
export function ShareProfile({ username, name }: { username: string; name: string }) {
  const { t } = useTranslation(NAMESPACE);
  const link = useShareLink(username);
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const canShare = typeof navigator.share === 'function';

  const share = () => {
    // Dismissing the share sheet rejects: nothing to tell.
    navigator.share({ title: t('profile.share.shareTitle', { name }), url: link }).catch(() => undefined);
  };

  return (
    <section className={styles.share} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {t('profile.share.title')}
      </h2>
      <p id={hintId} className={styles.hint}>
        {t('profile.share.hint', { points: POINTS_PER_PROFILE_VISIT })}
      </p>
      <div className="field">
        <label htmlFor={inputId}>{t('profile.share.linkLabel')}</label>
        <input id={inputId} type="url" readOnly value={link} aria-describedby={hintId} onFocus={(event) => event.currentTarget.select()} />
      </div>
      <div className={styles.actions}>
        <Button onClick={() => void copyText(link, t('profile.share.copied'), t('profile.share.copyFailed'))}>{t('profile.share.copy')}</Button>
        {canShare && (
          <Button variant="secondary" onClick={share}>
            {t('profile.share.share')}
          </Button>
        )}
      </div>
    </section>
  );
}
