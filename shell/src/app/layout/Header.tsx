import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CurrencyPicker } from '../../features/currency/CurrencyPicker.tsx';
import { LanguageSelect } from '../../features/language/LanguageSelect.tsx';
import { AgentPicker } from '../../features/preferred-agent/AgentPicker.tsx';
import { SearchBox } from '../../features/search/SearchBox.tsx';
import { UserMenu } from '../../features/session/UserMenu.tsx';
import styles from './Header.module.css';
import { Logo } from './Logo.tsx';

export function Header() {
  const { t } = useTranslation('shell');
  const langPath = useLangPath();
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to={langPath('/index')} className={styles.logo} aria-label={t('header.home')}>
          <span className={styles.wordmark}>
            <Logo />
          </span>
          <span className={styles.mark}>
            <Logo withWord={false} />
          </span>
        </Link>
        <SearchBox />
        <AgentPicker />
        <CurrencyPicker />
        <LanguageSelect />
        <UserMenu />
      </div>
    </header>
  );
}
