import { Button, ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { Spinner } from '@linkhunt/shared-ui/components/spinner/Spinner.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { sessionStore, useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPage } from '../../../components/CardPage.tsx';
import { useQueryParam } from '../../../hooks/use-query-param.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { verifyEmail } from '../api/verify-email.ts';
import { ResendVerification } from './ResendVerification.tsx';
import styles from './VerifyEmailPage.module.css';

type Phase = 'verifying' | 'verified' | 'refused' | 'failed';

/**
 * `/{lang}/verify-email?token=…`, the link of the verification mail. The token is posted from the browser only,
 * after hydration: the server renders "Verifying your address…", so a crawler or a link-preview bot fetching the
 * page spends nothing. Needs no session; a signed-in user's record is updated when it is the verified account.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation(NAMESPACE);
  const token = useQueryParam('token');
  return (
    <>
      <Seo title={t('verify.title')} description={t('verify.description')} />
      <CardPage title={t('verify.title')}>{token ? <Verification key={token} token={token} /> : <Refused />}</CardPage>
    </>
  );
}

function Verification({ token }: { token: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [phase, setPhase] = useState<Phase>('verifying');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void verifyEmail(token).then((outcome) => {
      if (!live) return;
      if (outcome.kind === 'verified' && sessionStore.getState().user?.id === outcome.user.id) sessionStore.setState({ user: outcome.user });
      setPhase(outcome.kind);
    });
    return () => {
      live = false;
    };
  }, [token, attempt]);

  const retry = () => {
    setPhase('verifying');
    setAttempt((count) => count + 1);
  };

  if (phase === 'verified') return <Verified />;
  if (phase === 'refused') return <Refused />;
  if (phase === 'failed') {
    return (
      <>
        <p role="alert">{t('verify.failed')}</p>
        <div className={styles.actions}>
          <Button onClick={retry}>{t('verify.retry')}</Button>
        </div>
      </>
    );
  }
  return (
    <div className={styles.verifying}>
      <Spinner label={t('verify.verifying')} />
      <p aria-hidden="true">{t('verify.verifying')}</p>
    </div>
  );
}

function Verified() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const signedIn = useSession((state) => state.status === 'authenticated');
  return (
    <>
      <p role="status" className={styles.success}>
        {t('verify.verified')}
      </p>
      <p>{t('verify.verifiedText')}</p>
      <div className={styles.actions}>
        {signedIn ? <ButtonLink to={langPath('/auth/profile')}>{t('verify.toProfile')}</ButtonLink> : <ButtonLink to={langPath('/auth')}>{t('verify.toLogin')}</ButtonLink>}
      </div>
    </>
  );
}

/** The link cannot be used: the way to a new one depends on who is here. */
function Refused() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const hydrated = useHydrated();
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  const signedIn = status === 'authenticated' && user !== null;
  return (
    <>
      <p role="alert" className={styles.problem}>
        {signedIn && user.verified ? t('verify.alreadyVerified') : t('verify.refused')}
      </p>
      {/* The session is known in the browser only: nothing until then, so the first render equals the server's. */}
      {hydrated && status !== 'pending' && (
        <div className={styles.actions}>
          {signedIn && user.verified && <ButtonLink to={langPath('/auth/profile')}>{t('verify.toProfile')}</ButtonLink>}
          {signedIn && !user.verified && (
            <>
              <p>{t('verify.askAgain', { email: user.email })}</p>
              <ResendVerification email={user.email} />
            </>
          )}
          {!signedIn && (
            <>
              <p>{t('verify.signInToAskAgain')}</p>
              <ButtonLink to={langPath('/auth')} state={{ from: { pathname: langPath('/auth/profile') } }}>
                {t('verify.toLogin')}
              </ButtonLink>
            </>
          )}
        </div>
      )}
    </>
  );
}
