import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FooterCurrencyPicker } from '../../features/currency/CurrencyPicker.tsx';
import styles from './Footer.module.css';
import { Logo } from './Logo.tsx';
import { TelegramShare } from './TelegramShare.tsx';

const FOUNDED = 2024;

export function Footer() {
  const { t } = useTranslation('shell');
  const langPath = useLangPath();
  const year = new Date().getFullYear();
  const links = [
    ['/about', t('footer.about')],
    ['/terms-of-service', t('footer.terms')],
    ['/privacy-policy', t('footer.privacy')],
    ['/cookies-policy', t('footer.cookies')],
    ['/contact', t('footer.contact')],
  ] as const;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.brand}>
          <Logo />
          <p className={styles.tagline}>{t('footer.tagline')}</p>
          <TelegramShare />
          <FooterCurrencyPicker />
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className={styles.links}>
            {links.map(([path, label]) => (
              <li key={path}>
                <Link to={langPath(path)}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.copyright}>{t('footer.copyright', { years: year > FOUNDED ? `${FOUNDED}–${year}` : FOUNDED })}</p>
      </div>
    </footer>
  );
}
