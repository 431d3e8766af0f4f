import { cx } from '../../styles/class-names.ts';
import card from '../user-card/UserCard.module.css';
import { Skeleton } from './Skeleton.tsx';
import styles from './Skeleton.module.css';

/** Built from UserCard's own classes, so it is exactly the size of the card that replaces it. */
export function UserCardSkeleton() {
  return (
    <div className={cx(card.card, styles.cardSkeleton)} aria-hidden="true" data-skeleton="user-card">
      <div className={card.link}>
        <div className={card.avatar}>
          <Skeleton radius="round" width="100%" height="100%" />
        </div>
        <div className={cx(card.name, styles.lines)}>
          <Skeleton height="0.9em" width="60%" className={styles.centred} />
        </div>
        <div className={cx(card.username, styles.lines)}>
          <Skeleton height="0.9em" width="40%" className={styles.centred} />
        </div>
        <div className={card.stats}>
          {[0, 1, 2].map((index) => (
            <div key={index} className={card.stat}>
              <div className={cx(card.statLabel, styles.lines)}>
                <Skeleton height="0.8em" width="70%" className={styles.centred} />
              </div>
              <div className={cx(card.statValue, styles.lines)}>
                <Skeleton height="0.9em" width="50%" className={styles.centred} />
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
