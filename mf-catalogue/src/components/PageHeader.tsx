import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

interface Props {
  /** Null while the page loads: the heading keeps its height. */
  title: string | null;
  subtitle: string | null;
  /** A picture beside the title (a brand's logo). */
  visual?: ReactNode;
}

export function PageHeader({ title, subtitle, visual }: Props) {
  return (
    <header className={styles.header}>
      {visual}
      <div className={styles.text}>
        <h1 className={styles.title}>{title ?? '\u00a0'}</h1>
        <p className={styles.subtitle}>{subtitle ?? '\u00a0'}</p>
      </div>
    </header>
  );
}
