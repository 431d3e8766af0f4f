import type { ColourKey } from '@linkhunt/contracts/colours';
import { cx } from '../../styles/class-names.ts';
import styles from './ColourSwatch.module.css';

/**
 * The small round sample of a known colour beside its name. A class per colour rather than a style attribute:
 * the Content-Security-Policy refuses inline styles. Decorative, since the name is always written next to it.
 */
export function ColourSwatch({ colour, className }: { colour: ColourKey; className?: string }) {
  return <span className={cx(styles.swatch, styles[colour], className)} aria-hidden="true" />;
}
