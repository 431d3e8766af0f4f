import styles from './FieldMessage.module.css';

/**
 * A field's error under it, tied to the input by `id` (aria-describedby): read when the field takes focus. Not an
 * alert of its own: the toast with the same message is the announcement.
 */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
}
