import type { ProductLinks } from '@linkhunt/contracts/product';
import { getSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { useCountDownload } from '../hooks/use-count-download.ts';
import { LinkDialog } from './LinkDialog.tsx';

interface Props {
  productId: number;
  /** The download count the API answered: with the links, then once a link is opened. */
  onDownloads: (downloads: number) => void;
}

interface DialogProps extends Props {
  withAd: boolean;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** One opening of the dialog, with its own once-only download count (see useCountDownload). */
function Dialog({ productId, withAd, onDownloads, onClose, returnFocusTo }: DialogProps) {
  const countDownload = useCountDownload(productId, onDownloads);
  return (
    <LinkDialog
      productId={productId}
      withAd={withAd}
      onLinks={(links: ProductLinks) => onDownloads(links.downloads)}
      onOpenLink={countDownload}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    />
  );
}

/** "Get the link": a dialog with the ad step, then one button per store the product is sold on. */
export function GetLink({ productId, onDownloads }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  // A ref rather than the element that had focus: the page may re-render this button while the dialog is open.
  const button = useRef<HTMLButtonElement>(null);
  const adKey = getSiteConfig().ads?.keys?.['320x50'];
  return (
    <>
      <Button ref={button} block onClick={() => setOpen(true)}>
        {t('links.get')}
      </Button>
      {open && <Dialog productId={productId} withAd={Boolean(adKey && getSiteConfig().ads?.scriptHost)} onDownloads={onDownloads} onClose={() => setOpen(false)} returnFocusTo={button} />}
    </>
  );
}
