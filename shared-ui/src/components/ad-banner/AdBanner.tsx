import { useTranslation } from 'react-i18next';
import { getSiteConfig } from '../../features/config/site-config.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../features/media/use-media-query.ts';
import { AD_SIZES, adDocument, adFormatFor } from './ad-document.ts';
import styles from './AdBanner.module.css';

/** One banner of the configured ad network; with no key for the format it renders nothing and takes no space. */
export function AdBanner() {
  const { t } = useTranslation('ui');
  const format = adFormatFor(useMediaQuery(DESKTOP_QUERY));
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
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
        srcDoc={adDocument(ads.scriptHost, key, format)}
      />
    </aside>
  );
}
