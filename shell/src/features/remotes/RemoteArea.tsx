import type { ExposeOf, RemoteId } from '@linkhunt/contracts/remotes';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../layout/PageSpinner.tsx';
import { loadRemoteComponent } from './load-remote-component.ts';
import styles from './RemoteArea.module.css';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';
import { reregisterRemotes } from './remotes-registry.ts';

interface Props<R extends RemoteId> {
  remote: R;
  expose: ExposeOf<R>;
  /** A page fills the main area while loading; a panel (search) keeps a small footprint. */
  variant?: 'page' | 'panel';
}

/**
 * One federated area. A failed React.lazy stays failed, so each attempt builds a fresh lazy() and the
 * boundary is keyed by remote and attempt: Retry loads again without reloading the page.
 */
export function RemoteArea<R extends RemoteId>({ remote, expose, variant = 'page' }: Props<R>) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(
    () =>
      lazy(async () => {
        if (attempt > 0) await reregisterRemotes();
        return loadRemoteComponent(remote, expose);
      }),
    [remote, expose, attempt],
  );
  return (
    <RemoteErrorBoundary
      key={`${remote}:${expose}:${attempt}`}
      onRetry={() => setAttempt((n) => n + 1)}
      fallback={(retry) => <RemoteFallback remote={remote} onRetry={retry} />}
    >
      <Suspense fallback={<PageSpinner variant={variant} data-remote-loading={remote} />}>
        <div data-remote={remote} className={styles.area}>
          <Remote />
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function RemoteFallback({ remote, onRetry }: { remote: RemoteId; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <section className={styles.fallback} role="alert" data-remote-fallback={remote}>
      <h2 className={styles.fallbackTitle}>{t('remote.failedTitle')}</h2>
      <p>{t('remote.failedText')}</p>
      <Button onClick={onRetry}>{t('remote.retry')}</Button>
    </section>
  );
}
