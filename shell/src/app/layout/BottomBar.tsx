import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import styles from './BottomBar.module.css';

/** Phones only (below 768 px): home, new item, profile within thumb reach. */
export function BottomBar() {
  const { t } = useTranslation('shell');
  const langPath = useLangPath();
  const item = (to: string, label: string, icon: ReactNode) => (
    <NavLink to={langPath(to)} className={({ isActive }) => (isActive ? `${styles.item} ${styles.active}` : styles.item)}>
      {icon}
      <span>{label}</span>
    </NavLink>
  );
  return (
    <nav className={styles.bar} aria-label={t('bottomBar.label')}>
      {item('/index', t('bottomBar.home'), <Icon d="M3 11 12 3l9 8v10h-6v-6H9v6H3z" />)}
      {item('/product/new', t('bottomBar.newItem'), <Icon d="M12 5v14M5 12h14" />)}
      {item('/auth/profile', t('bottomBar.profile'), <Icon d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9c1.5-4 4.5-6 8-6s6.5 2 8 6" />)}
    </nav>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}
