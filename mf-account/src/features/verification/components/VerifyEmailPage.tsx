import type { OwnUser, VerifyResponse } from '@linkhunt/contracts/user';
import { Button, ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { Spinner } from '@linkhunt/shared-ui/components/spinner/Spinner.tsx';
import { apiClient, isApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { sessionStore, useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CardPage } from '../../../components/CardPage.tsx';
import { useQueryParam } from '../../../hooks/use-query-param.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import { ResendVerification } from './ResendVerification.tsx';
import styles from './VerifyEmailPage.module.css';

/** The verdict on a token: verified (the account's record comes with it), or refused (unknown, used or expired). */
type Verdict = { kind: 'verified'; user: OwnUser } | { kind: 'refused' };

/**
 * POST /auth/verify, as the read of the token's verdict. The token is single-use, so the verdict is kept for the
 * whole visit: a second POST (StrictMode, the page mounted again) would be refused and hide the first's success.
 * No verdict (the API unreachable or failing, 429) is an error, which is not kept: asking again posts again.
 */
const verifyQuery = (token: string) => ({
  queryKey: ['verify-email', token],
  queryFn: async (): Promise<Verdict> => {
    try {
      const { data } = await apiClient.post<VerifyResponse>('/auth/verify', { token });
      const user = data.user.data;
      // The signed-in account is updated when it is the one verified, which takes the notice away.
      if (sessionStore.getState().user?.id === user.id) sessionStore.setState({ user });
      return { kind: 'verified', user };
    } catch (error) {
      if (isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429) return { kind: 'refused' };
      throw error;
    }
  },
  staleTime: Infinity,
  gcTime: Infinity,
});

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
  // Posted from the browser only, once hydrated: the server renders "Verifying…" and spends nothing.
  const { data, isError, isFetching, refetch } = useQuery({ ...verifyQuery(token), enabled: useHydrated() }, queryClient());
  const phase = data?.kind ?? (isError && !isFetching ? 'failed' : 'verifying');
  if (phase === 'verified') return <Verified />;
  if (phase === 'refused') return <Refused />;
  if (phase === 'failed') {
    return (
      <>
        <p role="alert">{t('verify.failed')}</p>
        <div className={styles.actions}>
          <Button onClick={() => void refetch()}>{t('verify.retry')}</Button>
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
