import type { AdFormat } from '@linkhunt/contracts/site-config';
import { useTranslation } from 'react-i18next';
import { getSiteConfig } from '../../features/config/site-config.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../features/media/use-media-query.ts';
import { AD_SIZES, adFormatFor, adFrameUrl } from './ad-frame-url.ts';
import styles from './AdBanner.module.css';

/**
 * One banner of the configured ad network; with no key for the format it renders nothing and takes no space.
 * The format follows the screen unless given (a dialog is narrow whatever the screen).
 */
export function AdBanner({ format: forced }: { format?: AdFormat } = {}) {
  const { t } = useTranslation('ui');
  const wide = useMediaQuery(DESKTOP_QUERY);
  const format = forced ?? adFormatFor(wide);
  const { ads } = getSiteConfig();
  const key = ads?.keys?.[format];
  if (!key || !ads?.scriptHost) return null;
  const { width, height } = AD_SIZES[format];
  return (
    <aside className={styles.slot} aria-label={t('ad.label')} data-ad-format={format}>
      <iframe
        className={styles.frame}
        title={t('ad.label')}
        width={width}
        height={height}
        loading="lazy"
        // No allow-same-origin: the ad runs with an opaque origin, away from the site's storage (the frame's
        // policy sandboxes it the same way, shell/server/lib/static-site/content-security-policy.mjs).
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
        src={adFrameUrl(ads.scriptHost, key, format)}
      />
    </aside>
  );
}
