import type { SourceItem } from '@linkhunt/contracts/agents';
import type { ProductLinks, ProductSummary } from '@linkhunt/contracts/product';
import { getSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { useCountDownload } from '../hooks/use-count-download.ts';
import { productLinkStatus } from '../lib/link-status.ts';
import styles from './GetLink.module.css';
import { LinkDialog } from './LinkDialog.tsx';
import { LinkVerified } from './LinkVerified.tsx';

interface Props {
  productId: number;
  /** The marketplace item behind the product's agent links (ProductSummary.source_item). */
  sourceItem?: SourceItem | null;
  /** The download count the API answered: with the links, then once a link is opened. */
  onDownloads: (downloads: number) => void;
}

interface GetLinkProps extends Props {
  /** The link checker's view of the product's links: said under the button. */
  health: Pick<ProductSummary, 'link_state' | 'links_checked_at'>;
}

interface DialogProps extends Props {
  withAd: boolean;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** One opening of the dialog, with its own once-only download count (see useCountDownload). */
function Dialog({ productId, sourceItem, withAd, onDownloads, onClose, returnFocusTo }: DialogProps) {
  const countDownload = useCountDownload(productId, onDownloads);
  return (
    <LinkDialog
      productId={productId}
      sourceItem={sourceItem}
      withAd={withAd}
      onLinks={(links: ProductLinks) => onDownloads(links.downloads)}
      onOpenLink={countDownload}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    />
  );
}

/**
 * "Get the link": a dialog with the ad step, then one button per store the product is sold on (the visitor's agent
 * first, when the product has agent links). Under the button, what the link checker found: when the links were
 * last seen working, or that they no longer work (the button stays: a store page may come back, and the visitor
 * decides). The button is described by that line.
 */
export function GetLink({ productId, sourceItem, health, onDownloads }: GetLinkProps) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  // A ref rather than the element that had focus: the page may re-render this button while the dialog is open.
  const button = useRef<HTMLButtonElement>(null);
  const statusId = useId();
  const status = productLinkStatus(health);
  const adKey = getSiteConfig().ads?.keys?.['320x50'];
  return (
    <div className={styles.getLink}>
      <Button ref={button} block onClick={() => setOpen(true)} aria-describedby={status ? statusId : undefined}>
        {t('links.get')}
      </Button>
      {status?.kind === 'gone' && (
        <p id={statusId} className={styles.gone}>
          {t('links.noLongerWorks')}
        </p>
      )}
      {status?.kind === 'verified' && <LinkVerified id={statusId} checkedAt={status.checkedAt} className={styles.status} />}
      {open && <Dialog productId={productId} sourceItem={sourceItem} withAd={Boolean(adKey && getSiteConfig().ads?.scriptHost)} onDownloads={onDownloads} onClose={() => setOpen(false)} returnFocusTo={button} />}
    </div>
  );
}
