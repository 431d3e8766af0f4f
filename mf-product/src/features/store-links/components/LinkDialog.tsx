import type { ProductLinks } from '@linkhunt/contracts/product';
import { AdBanner } from '@linkhunt/shared-ui/components/ad-banner/AdBanner.tsx';
import { Button, buttonClassName } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Dialog } from '@linkhunt/shared-ui/components/dialog/Dialog.tsx';
import { Spinner } from '@linkhunt/shared-ui/components/spinner/Spinner.tsx';
import { DESKTOP_QUERY, useMediaQuery } from '@linkhunt/shared-ui/features/media/use-media-query.ts';
import { type MouseEvent, useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
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
  /** A store link is being opened (clicked, by keyboard too, or middle-clicked): the download is counted then. */
  onOpenLink: () => void;
  onClose: () => void;
  /** Where focus goes back to when the dialog closes: the "Get the link" button. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

type Step = 'offer' | 'watching' | 'links';

/** Moves focus into `frame` unless it is there already: the button that led to the next step is gone. */
function holdFocus(frame: RefObject<HTMLElement | null>) {
  const element = frame.current;
  if (element && !element.contains(document.activeElement)) element.focus();
}

/** Spec section 4: offer the ad, show it, then the store buttons. */
export function LinkDialog({ productId, withAd, onLinks, onOpenLink, onClose, returnFocusTo }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const [step, setStep] = useState<Step>('offer');
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (step !== 'offer') holdFocus(frame);
  }, [step]);
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={t('links.title')}
      returnFocusTo={returnFocusTo}
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
      {/* Focus waits here, inside the dialog, while the steps replace one another. */}
      <div ref={frame} className={styles.frame} tabIndex={-1}>
        {step === 'offer' && <p className={styles.text}>{t('links.offer')}</p>}
        {step === 'watching' && <Watching seconds={withAd ? AD_SECONDS : NO_AD_SECONDS} onDone={() => setStep('links')} />}
        {step === 'links' && <Links productId={productId} onLinks={onLinks} onOpenLink={onOpenLink} frame={frame} />}
      </div>
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
  return (
    <div className={styles.watching}>
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

interface LinksProps {
  productId: number;
  onLinks: (links: ProductLinks) => void;
  onOpenLink: () => void;
  frame: RefObject<HTMLElement | null>;
}

function Links({ productId, onLinks, onOpenLink, frame }: LinksProps) {
  const { t } = useTranslation(NAMESPACE);
  const links = useStoreLinks(productId, onLinks);
  const firstLink = useRef<HTMLAnchorElement>(null);
  // The links replace the countdown: focus goes to the first one, so Enter opens it and Tab walks the others.
  // Otherwise (loading again after "Try again") it stays in the dialog.
  useEffect(() => {
    if (links.status === 'ready') firstLink.current?.focus();
    else holdFocus(frame);
  }, [links.status, frame]);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const touch = useMediaQuery('(pointer: coarse)');
  const phone = touch && !desktop;
  // The link's own navigation goes ahead untouched; a middle click opens a tab without a click event.
  const opening = { onClick: onOpenLink, onAuxClick: (event: MouseEvent) => event.button === 1 && onOpenLink() };
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
      {STORES.flatMap(({ key, name }) => {
        const href = links.links[key];
        return href ? [{ key, name, href }] : [];
      }).map(({ key, name, href }, index) => (
        <a
          key={key}
          ref={index === 0 ? firstLink : undefined}
          className={buttonClassName({ block: true, variant: index === 0 ? 'primary' : 'secondary' })}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          {...opening}
        >
          {t('links.open', { store: name })}
        </a>
      ))}
      {phone && hacoo && (
        <a className={buttonClassName({ block: true, variant: 'ghost' })} href={appLink(hacoo, navigator.userAgent)} {...opening}>
          {t('links.openApp')}
        </a>
      )}
    </div>
  );
}
