import { useHydrated } from '../../features/ssr/use-hydrated.ts';
import { type ComponentProps } from 'react';
import { Link } from 'react-router';
import { cx } from '../../styles/class-names.ts';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretches to its container: full-width actions on mobile. */
  block?: boolean;
}

export type ButtonProps = ComponentProps<'button'> & ButtonLook & { loading?: boolean };
export type ButtonLinkProps = ComponentProps<typeof Link> & ButtonLook;

/** Shared with anything that must look like a button without being one (a label, a summary). */
export function buttonClassName({ variant = 'primary', size = 'md', block = false }: ButtonLook, extra?: string): string {
  return cx(styles.button, styles[variant], styles[size], block && styles.block, extra);
}

/**
 * `type` defaults to "button" so a button dropped into a form never submits it by accident; pass
 * `type="submit"` for the form's own action. On a server-rendered page a button says it is not ready
 * (aria-disabled, no change of look) until its area has hydrated: a click before then would do nothing.
 */
export function Button({
  variant,
  size,
  block,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      aria-disabled={hydrated ? undefined : true}
      {...props}
      className={buttonClassName({ variant, size, block }, cx(loading && styles.loading, className))}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <span className={styles.spinner} aria-hidden="true" />}
      <span className={styles.label}>{children}</span>
    </button>
  );
}

export function ButtonLink({ variant, size, block, className, ...props }: ButtonLinkProps) {
  return <Link {...props} className={buttonClassName({ variant, size, block }, className)} />;
}
