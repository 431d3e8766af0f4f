import { getSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { Trans, useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './RemovedNotice.module.css';

/** Spec section 8: some products of a brand were removed from the app; the contact email is given. */
export function RemovedNotice() {
  const { t } = useTranslation(NAMESPACE);
  const email = getSiteConfig().contactEmail;
  return (
    <aside className={styles.notice} aria-label={t('brand.removedLabel')}>
      <span className={styles.icon} aria-hidden="true">
        i
      </span>
      <p className={styles.text}>
        {email ? (
          <Trans t={t} i18nKey="brand.removed" values={{ email }} components={{ mail: <a href={`mailto:${email}`} /> }} />
        ) : (
          t('brand.removedNoEmail')
        )}
      </p>
    </aside>
  );
}
