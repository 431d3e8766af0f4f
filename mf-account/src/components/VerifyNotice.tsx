import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../register-locales.ts';
import { ResendVerification } from '../features/verification/components/ResendVerification.tsx';
import styles from './VerifyNotice.module.css';

/**
 * For a signed-in user whose address is not verified yet: check the inbox, what waits until then, and a new link
 * on request. Nothing on the server or before hydration, where the session is not known.
 */
export function VerifyNotice() {
  const { t } = useTranslation(NAMESPACE);
  const hydrated = useHydrated();
  const user = useSession((state) => (state.status === 'authenticated' ? state.user : null));
  if (!hydrated || !user || user.verified) return null;
  return (
    <div className={styles.notice} data-testid="verify-notice">
      <p className={styles.title}>{t('verify.notice.title', { email: user.email })}</p>
      <p className={styles.text}>{t('verify.notice.text')}</p>
      <ResendVerification email={user.email} />
    </div>
  );
}
