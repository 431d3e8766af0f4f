import styles from './GeneralError.module.css';

/**
 * Spec section 8: the general message of a refused form, shown in the form when no field is to blame. Not an
 * alert: the toast with the same words is the announcement.
 */
export function GeneralError({ message }: { message: string | null }) {
  if (!message) return null;
  return <p className={styles.general}>{message}</p>;
}
