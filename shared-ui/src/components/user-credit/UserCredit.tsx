import type { UserRef } from '@linkhunt/contracts/user';
import { cx } from '../../styles/class-names.ts';
import styles from './UserCredit.module.css';

/** How a username is written wherever it is shown: "@lucia.finds". */
export function usernameHandle(username: string): string {
  return `@${username}`;
}

interface Props {
  user: Pick<UserRef, 'name' | 'username'>;
  className?: string;
}

/**
 * A user credited by name ("Lucía Finds @lucia.finds"): the display name, which anyone may copy, always beside
 * the @username, which is unique. The name is isolated (<bdi>) so right-to-left text in it cannot reorder the
 * handle after it. Plain text in one inline box: put it inside a link to link it, and it reads as one name.
 */
export function UserCredit({ user, className }: Props) {
  return (
    <span className={cx(styles.credit, className)}>
      <bdi className={styles.name}>{user.name}</bdi> <span className={styles.username}>{usernameHandle(user.username)}</span>
    </span>
  );
}
