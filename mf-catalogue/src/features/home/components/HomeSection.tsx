import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { type ReactNode, useId } from 'react';
import styles from './HomeSection.module.css';

interface Props {
  title: string;
  children: ReactNode;
  /**
   * A carousel is already a region named after the block, so its block is a plain box whose title shares a
   * line with the carousel's buttons.
   */
  carousel?: boolean;
}

/** One block of the home page under its h2. */
export function HomeSection({ title, children, carousel = false }: Props) {
  const id = useId();
  if (carousel) {
    return (
      <div className={cx(styles.section, styles.carousel)}>
        <h2 className={styles.title}>{title}</h2>
        {children}
      </div>
    );
  }
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
