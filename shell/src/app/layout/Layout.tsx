import { Toaster } from '@linkhunt/shared-ui/components/toaster/Toaster.tsx';
import { useLastBusEvent } from '@linkhunt/shared-ui/features/bus/use-bus.ts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AdBlockGuard } from '../../features/ads/AdBlockGuard.tsx';
import { ConsentBanner } from '../../features/consent/ConsentBanner.tsx';
import { PreloadErrorNotice } from '../../features/errors/PreloadErrorNotice.tsx';
import { OnCommit, usePageHydratedMark } from '../../features/remotes/page-hydrated-mark.ts';
import { RemoteArea } from '../../features/remotes/RemoteArea.tsx';
import { SessionExpired } from '../../features/session/SessionExpired.tsx';
import { useSessionRefresh } from '../../features/session/use-session-refresh.ts';
import { BottomBar } from './BottomBar.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import styles from './Layout.module.css';
import { ScrollToTop } from './ScrollToTop.tsx';

export function Layout() {
  const { t } = useTranslation('shell');
  const query = useLastBusEvent('search:query')?.query.trim() ?? '';
  useSessionRefresh();
  const pageSettled = usePageHydratedMark();
  return (
    <div className={styles.page}>
      {/* The skip link stays the first stop; the banner comes right after it, before the header. */}
      <a className={styles.skip} href="#main">
        {t('header.skip')}
      </a>
      <ConsentBanner />
      <ScrollToTop />
      <AdBlockGuard />
      <Header />
      {/* mf-search is fetched only once somebody types. */}
      {query && <RemoteArea remote="mf-search" expose="./SearchPanel" variant="panel" />}
      <main id="main" className={styles.main}>
        <Suspense fallback={<PageSpinner />}>
          <OnCommit run={pageSettled}>
            <Outlet />
          </OnCommit>
        </Suspense>
      </main>
      <Footer />
      <BottomBar />
      <PreloadErrorNotice />
      <SessionExpired />
      <Toaster />
    </div>
  );
}
