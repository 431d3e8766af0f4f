import type { TokenResponse } from '@linkhunt/contracts/user';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Dialog } from '@linkhunt/shared-ui/components/dialog/Dialog.tsx';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { sessionStore, useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ExpiredPrompt.module.css';

/** The expired session's prompt: a sign-in dialog, or once closed a notice that opens it again. */
export default function ExpiredPrompt() {
  const { t } = useTranslation('shell');
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) {
    return (
      <div className={styles.notice} role="alert">
        <span>{t('session.expiredTitle')}</span>
        <Button size="sm" onClick={() => setDismissed(false)}>
          {t('session.signIn')}
        </Button>
      </div>
    );
  }
  return <SignInAgainDialog onClose={() => setDismissed(true)} />;
}

function SignInAgainDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('shell');
  const id = useId();
  const email = useSession((state) => state.user?.email ?? '');
  const [password, setPassword] = useState('');
  const signIn = useMutation(
    {
      mutationFn: () => apiClient.post<TokenResponse>('/auth/login', { email, password }).then(({ data }) => data),
      // Signed in, the session is no longer expired: this dialog goes.
      onSuccess: (token) => sessionStore.getState().signIn(token),
    },
    queryClient(),
  );
  const problem = signIn.isError ? errorMessage(signIn.error, t('session.failed')) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };

  return (
    <Dialog
      open
      size="sm"
      onClose={onClose}
      title={t('session.expiredTitle')}
      actions={
        <>
          <Button variant="ghost" onClick={() => void sessionStore.getState().signOut()}>
            {t('session.signOut')}
          </Button>
          <Button type="submit" form={`${id}-form`} loading={signIn.isPending}>
            {t('session.signIn')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className={styles.form} onSubmit={submit}>
        <p>{t('session.expiredText')}</p>
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        {/* The same account: signing in as somebody else would hand them this user's draft. */}
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('session.email')}</label>
          <input id={`${id}-email`} name="email" type="email" value={email} readOnly autoComplete="username" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>{t('session.password')}</label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            // The only thing left to type, in a dialog opened for it.
            autoFocus
          />
        </div>
      </form>
    </Dialog>
  );
}
