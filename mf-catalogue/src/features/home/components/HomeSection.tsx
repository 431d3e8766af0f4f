import { type ReactNode, useId } from 'react';
import styles from './HomeSection.module.css';

interface Props {
  title: string;
  children: ReactNode;
}

/** One block of the home page under its h2. The carousels are blocks of their own (Carousel's `heading`). */
export function HomeSection({ title, children }: Props) {
  const id = useId();
  return (
    <section className={styles.block} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
