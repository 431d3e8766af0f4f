import { getSiteConfig, siteOrigin } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import styles from './TelegramShare.module.css';

const TELEGRAM_SHARE = 'https://t.me/share/url';

/**
 * Shares the page being looked at, by its public address (`siteUrl`), on Telegram. It sits in the footer, a
 * landmark, as a labelled link: a floating button covered card titles and buttons at every width.
 */
export function TelegramShare() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const { telegramUrl } = getSiteConfig();
  const pageUrl = `${siteOrigin()}${location.pathname}`;
  const href = `${telegramUrl ?? TELEGRAM_SHARE}?${new URLSearchParams({ url: pageUrl, text: t('telegram.text') })}`;
  return (
    <a className={styles.share} href={href} target="_blank" rel="noopener noreferrer">
      <span className={styles.icon} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="18" height="18">
          <path fill="currentColor" d="M21.4 4.2 2.9 11.3c-1.3.5-1.2 1.2-.2 1.5l4.7 1.5 1.8 5.6c.2.6.4.8.9.8.4 0 .6-.2.9-.4l2.3-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.6c.3-1.3-.5-1.9-1.4-1.5ZM9.6 14l8.6-5.4c.4-.3.8-.1.5.2l-7.1 6.4-.3 3.4L9.6 14Z" />
        </svg>
      </span>
      {t('telegram.label')}
    </a>
  );
}
