import { type ComponentProps } from 'react';
import { Link } from 'react-router';
import styles from './SuggestionPill.module.css';

interface Props extends Omit<ComponentProps<typeof Link>, 'children' | 'className'> {
  label: string;
  /** What the link leads to (Category, Brand, Product), said after the name; left out in a list of one kind. */
  kind?: string;
}

/** A suggested category, brand or product as a link: its name, then its kind, so "Nike, Brand" and "Nike Air, Product" differ by ear too. */
export function SuggestionPill({ label, kind, ...link }: Props) {
  return (
    <Link {...link} className={styles.pill}>
      <span className={styles.label}>{label}</span>
      {kind && <span className={styles.kind}>{kind}</span>}
    </Link>
  );
}
