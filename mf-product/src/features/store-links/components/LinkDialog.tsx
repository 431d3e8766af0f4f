import type { ProductLinks } from '@linkhunt/contracts/product';
import { AdBanner } from '@linkhunt/shared-ui/components/ad-banner/AdBanner.tsx';
import { Button, buttonClassName } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Dialog } from '@linkhunt/shared-ui/components/dialog/Dialog.tsx';
import { Spinner } from '@linkhunt/shared-ui/components/spinner/Spinner.tsx';
import { DESKTOP_QUERY, useMediaQuery } from '@linkhunt/shared-ui/features/media/use-media-query.ts';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { appLink } from '../app-link.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { useStoreLinks } from '../hooks/use-store-links.ts';
import styles from './LinkDialog.module.css';

/** How long the ad shows before the links; without an ad a short pause only, so nobody is ever locked out. */
export const AD_SECONDS = 5;
export const NO_AD_SECONDS = 2;

interface Props {
  productId: number;
  withAd: boolean;
  onLinks: (links: ProductLinks) => void;
  onClose: () => void;
}

type Step = 'offer' | 'watching' | 'links';

/** Spec section 4: offer the ad, show it, then the store buttons. */
export function LinkDialog({ productId, withAd, onLinks, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const [step, setStep] = useState<Step>('offer');
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={t('links.title')}
      actions={
        step === 'offer' ? (
          <>
            <Button variant="ghost" onClick={onClose}>
              {t('links.cancel')}
            </Button>
            <Button onClick={() => setStep('watching')}>{t('links.watch')}</Button>
          </>
        ) : undefined
      }
    >
      {step === 'offer' && <p className={styles.text}>{t('links.offer')}</p>}
      {step === 'watching' && <Watching seconds={withAd ? AD_SECONDS : NO_AD_SECONDS} onDone={() => setStep('links')} />}
      {step === 'links' && <Links productId={productId} onLinks={onLinks} />}
    </Dialog>
  );
}

/** The ad (when configured) and the seconds left; the links follow by themselves. */
function Watching({ seconds, onDone }: { seconds: number; onDone: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const left = useCountdown(seconds);
  const done = useEffectEvent(onDone);
  useEffect(() => {
    if (left === 0) done();
  }, [left]);
  // Focus stays inside the dialog while the button that led here is gone.
  return (
    <div className={styles.watching} tabIndex={-1} autoFocus>
      <AdBanner format="320x50" />
      <p className={styles.countdown} role="timer">
        {t('links.countdown', { count: left })}
      </p>
    </div>
  );
}

const STORES = [
  { key: 'link_hacoo', name: 'Hacoo' },
  { key: 'link_cnfans', name: 'CNFans' },
  { key: 'link_dhgate', name: 'DHGate' },
] as const;

function Links({ productId, onLinks }: { productId: number; onLinks: (links: ProductLinks) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const links = useStoreLinks(productId, onLinks);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const touch = useMediaQuery('(pointer: coarse)');
  const phone = touch && !desktop;
  if (links.status === 'loading') {
    return (
      <div className={styles.loading}>
        <Spinner label={t('links.loading')} />
      </div>
    );
  }
  if (links.status === 'gone') return <p role="alert">{t('links.gone')}</p>;
  if (links.status === 'error') {
    return (
      <div className={styles.failed}>
        <p role="alert">{t('links.failed')}</p>
        <Button variant="secondary" onClick={links.retry}>
          {t('links.retry')}
        </Button>
      </div>
    );
  }
  const hacoo = links.links.link_hacoo;
  return (
    <div className={styles.links}>
      <p className={styles.text} role="status">
        {t('links.ready')}
      </p>
      {STORES.map(({ key, name }, index) => {
        const href = links.links[key];
        if (!href) return null;
        return (
          <a
            key={key}
            className={buttonClassName({ block: true, variant: index === 0 ? 'primary' : 'secondary' })}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            autoFocus={index === 0}
          >
            {t('links.open', { store: name })}
          </a>
        );
      })}
      {phone && hacoo && (
        <a className={buttonClassName({ block: true, variant: 'ghost' })} href={appLink(hacoo, navigator.userAgent)}>
          {t('links.openApp')}
        </a>
      )}
    </div>
  );
}
