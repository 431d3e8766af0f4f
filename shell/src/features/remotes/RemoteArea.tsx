import type { ExposeOf, RemoteId } from '@linkhunt/contracts/remotes';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { lazy, Suspense, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { loadRemoteComponent } from './load-remote-component.ts';
import { loadedPage, rememberPage } from './loaded-pages.ts';
import { OnCommit, useSettling } from './page-hydrated-mark.ts';
import styles from './RemoteArea.module.css';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';
import { type RemoteModule, RemoteTimeoutError } from './remote-load-errors.ts';
import { reregisterRemotes } from './remotes-registry.ts';

interface Props<R extends RemoteId> {
  remote: R;
  expose: ExposeOf<R>;
  /** A page fills the main area while loading; a panel (search) keeps a small footprint. */
  variant?: 'page' | 'panel';
}

/** One attempt at loading the area's remote; `arrived` is a remote that came after its fallback showed. */
interface Attempt {
  /** The area's page it was made for: the router keeps the area from one page to the next. */
  id: string;
  count: number;
  arrived?: RemoteModule;
}

/**
 * One federated area. A failed React.lazy stays failed, so each attempt builds a fresh lazy() and the
 * boundary is keyed by remote and attempt: Retry loads again without reloading the page. A remote that timed
 * out and then arrives replaces the fallback by itself, with the module that arrived.
 */
export function RemoteArea<R extends RemoteId>({ remote, expose, variant = 'page' }: Props<R>) {
  const id = `${remote}:${expose}`;
  const [tried, setAttempt] = useState<Attempt>({ id, count: 0 });
  // Another page starts afresh: the previous page's retries and late arrival are not this one's.
  const attempt = useMemo(() => (tried.id === id ? tried : { id, count: 0 }), [tried, id]);
  const Remote = useMemo(() => {
    const known = attempt.count === 0 ? loadedPage(id) : undefined;
    if (known) return known.default;
    return lazy(async () => {
      const { arrived, count } = attempt;
      if (arrived) return rememberPage(id, arrived);
      if (count > 0) await reregisterRemotes();
      return rememberPage(id, await loadRemoteComponent(remote, expose));
    });
  }, [remote, expose, id, attempt]);
  const settled = useSettling();
  return (
    <RemoteErrorBoundary
      remote={remote}
      key={`${id}:${attempt.count}`}
      onRetry={() => setAttempt({ id, count: attempt.count + 1 })}
      fallback={(retry, error) => (
        <OnCommit run={settled}>
          <RemoteFallback
            remote={remote}
            onRetry={retry}
            arrival={error instanceof RemoteTimeoutError ? error.arrival : undefined}
            onArrival={(module) => setAttempt({ id, count: attempt.count + 1, arrived: module })}
          />
        </OnCommit>
      )}
    >
      <Suspense fallback={<PageSpinner variant={variant} data-remote-loading={remote} />}>
        <div data-remote={remote} className={styles.area}>
          <OnCommit run={settled}>
            <Remote />
          </OnCommit>
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}

interface FallbackProps {
  remote: RemoteId;
  onRetry: () => void;
  /** The load that timed out, still under way. */
  arrival?: Promise<RemoteModule>;
  onArrival: (module: RemoteModule) => void;
}

function RemoteFallback({ remote, onRetry, arrival, onArrival }: FallbackProps) {
  const { t } = useTranslation('shell');
  const arrive = useEffectEvent(onArrival);
  // A timed-out load is still under way: until it fails too, the area says it is slow, not that it failed.
  const [stillComing, setStillComing] = useState(Boolean(arrival));
  useEffect(() => {
    if (!arrival) return;
    let shown = true;
    arrival.then(
      (module) => shown && arrive(module),
      () => shown && setStillComing(false), // it failed after all: the fallback stays, with Retry
    );
    return () => {
      shown = false;
    };
  }, [arrival]);
  return (
    <section className={styles.fallback} role="alert" data-remote-fallback={remote}>
      <h2 className={styles.fallbackTitle}>{t(stillComing ? 'remote.slowTitle' : 'remote.failedTitle')}</h2>
      <p>{t(stillComing ? 'remote.slowText' : 'remote.failedText')}</p>
      <Button onClick={onRetry}>{t('remote.retry')}</Button>
    </section>
  );
}
