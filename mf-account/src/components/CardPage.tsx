import type { ReactNode } from 'react';
import styles from './CardPage.module.css';

/**
 * A page that is one short task (verify an address, ask for a reset link, choose a new password): its title and
 * content in a card centred under the header. Kept out of search results and with no referrer sent onwards: such
 * pages may carry a one-time token in their address.
 */
export function CardPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={`container ${styles.page}`}>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <div className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </div>
    </div>
  );
}
