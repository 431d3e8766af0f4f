import type { SourceItem } from '@linkhunt/contracts/agents';
import type { ProductLinks } from '@linkhunt/contracts/product';
import { AdBanner } from '@linkhunt/shared-ui/components/ad-banner/AdBanner.tsx';
import { Button, buttonClassName } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Dialog } from '@linkhunt/shared-ui/components/dialog/Dialog.tsx';
import { Spinner } from '@linkhunt/shared-ui/components/spinner/Spinner.tsx';
import { DESKTOP_QUERY, useMediaQuery } from '@linkhunt/shared-ui/features/media/use-media-query.ts';
import { usePreferredAgent } from '@linkhunt/shared-ui/features/preferred-agent/use-preferred-agent.ts';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { type MouseEvent, type Ref, useEffect, useEffectEvent, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { appLink } from '../app-link.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { useStoreLinks } from '../hooks/use-store-links.ts';
import { linkPlan, type OfferedLink } from '../lib/link-plan.ts';
import { AgentChoice } from './AgentChoice.tsx';
import styles from './LinkDialog.module.css';
import { LinkVerified } from './LinkVerified.tsx';
import { MoreAgents } from './MoreAgents.tsx';

/** How long the ad shows before the links; without an ad a short pause only, so nobody is ever locked out. */
export const AD_SECONDS = 5;
export const NO_AD_SECONDS = 2;

interface Props {
  productId: number;
  /** The marketplace item behind the product's agent links: names the marketplace's own link ("Open on Weidian"). */
  sourceItem?: SourceItem | null;
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

/** Spec section 4: offer the ad, show it, then the store buttons (the visitor's agent first: link-plan.ts). */
export function LinkDialog({ productId, sourceItem = null, withAd, onLinks, onOpenLink, onClose, returnFocusTo }: Props) {
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
        {step === 'links' && <Links productId={productId} sourceItem={sourceItem} onLinks={onLinks} onOpenLink={onOpenLink} frame={frame} />}
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

interface LinksProps {
  productId: number;
  sourceItem: SourceItem | null;
  onLinks: (links: ProductLinks) => void;
  onOpenLink: () => void;
  frame: RefObject<HTMLElement | null>;
}

function Links({ productId, sourceItem, onLinks, onOpenLink, frame }: LinksProps) {
  const { t } = useTranslation(NAMESPACE);
  const links = useStoreLinks(productId, onLinks);
  const agent = usePreferredAgent();
  const mainLink = useRef<HTMLAnchorElement>(null);
  // The links replace the countdown: focus goes to the main one, so Enter opens it and Tab walks the others.
  // Otherwise (loading again after "Try again") it stays in the dialog. A choice of agent made here reorders the
  // links but leaves focus on the choice.
  useEffect(() => {
    if (links.status === 'ready') mainLink.current?.focus();
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
  const agents = links.links.agent_links as ProductLinks['agent_links'] | undefined;
  const plan = linkPlan(links.links, agent, sourceItem);
  // The first link still working is the main one, and takes focus; a link the checker found gone stays, marked.
  const main = Math.max(0, plan.buttons.findIndex(({ gone }) => !gone));
  return (
    <div className={styles.links}>
      <p className={styles.text} role="status">
        {t('links.ready')}
      </p>
      {plan.buttons.map((link, index) => (
        <StoreLink key={link.key} ref={index === main ? mainLink : undefined} link={link} main={index === main} opening={opening} />
      ))}
      {phone && hacoo && (
        <a className={buttonClassName({ block: true, variant: 'ghost' })} href={appLink(hacoo, navigator.userAgent)} {...opening}>
          {t('links.openApp')}
        </a>
      )}
      {plan.moreAgents.length > 0 && <MoreAgents links={plan.moreAgents} opening={opening} />}
      {agents && agents.length > 0 && <AgentChoice agents={agents} chosen={plan.preferred ? agent : null} />}
    </div>
  );
}

interface StoreLinkProps {
  ref?: Ref<HTMLAnchorElement>;
  link: OfferedLink;
  main: boolean;
  opening: { onClick: () => void; onAuxClick: (event: MouseEvent) => void };
}

function StoreLink({ ref, link: { kind, name, href, gone, verifiedAt }, main, opening }: StoreLinkProps) {
  const { t } = useTranslation(NAMESPACE);
  const verifiedId = useId();
  const variant = gone ? 'ghost' : main ? 'primary' : 'secondary';
  const label = kind === 'agent' ? t('links.openIn', { agent: name }) : t('links.open', { store: name });
  return (
    <div className={styles.store}>
      <a
        ref={ref}
        className={buttonClassName({ block: true, variant }, cx(gone && styles.goneLink))}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        // Its visible words in order ("Open on Hacoo", "Link no longer works"), so the name starts with what is seen.
        aria-label={gone ? (kind === 'agent' ? t('links.openInGone', { agent: name }) : t('links.openGone', { store: name })) : undefined}
        aria-describedby={verifiedAt ? verifiedId : undefined}
        {...opening}
      >
        {gone ? (
          <>
            <span>{label}</span>
            <span className={styles.goneNote}>{t('links.noLongerWorks')}</span>
          </>
        ) : (
          label
        )}
      </a>
      {verifiedAt && <LinkVerified id={verifiedId} checkedAt={verifiedAt} className={styles.storeVerified} />}
    </div>
  );
}
