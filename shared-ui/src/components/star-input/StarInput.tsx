import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../styles/class-names.ts';
import { StarIcon } from '../star-rating/star-icon.tsx';
import { MAX_STARS } from '../star-rating/StarRating.tsx';
import styles from './StarInput.module.css';

export interface StarInputProps {
  /** 1 to 5, or null while nothing is chosen. */
  value: number | null;
  onChange: (stars: number) => void;
  /** Defaults to a translated "Your rating". */
  legend?: string;
  /** Already translated, e.g. t('ui:starInput.required'). */
  error?: string;
  /** The radios' form name; unique by default so two inputs on a page never share a group. */
  name?: string;
  disabled?: boolean;
  required?: boolean;
  className?: string;
}

/**
 * Real radios, so arrows, Tab and form semantics come from the browser. The radios are hidden and the stars
 * drawn next to them; the fill follows the value, and the hover preview is CSS only.
 */
export function StarInput({
  value,
  onChange,
  legend,
  error,
  name,
  disabled = false,
  required = false,
  className,
}: StarInputProps) {
  const { t } = useTranslation('ui');
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={cx(styles.fieldset, error && styles.invalid, className)}
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
    >
      <legend className={styles.legend}>{legend ?? t('starInput.legend')}</legend>
      <div className={styles.options}>
        {Array.from({ length: MAX_STARS }, (_, index) => {
          const stars = index + 1;
          return (
            <label key={stars} className={styles.option}>
              <input
                type="radio"
                className={styles.radio}
                name={name ?? `${id}-stars`}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                required={required}
                aria-invalid={error ? true : undefined}
              />
              <StarIcon className={cx(styles.star, value !== null && stars <= value && styles.filled)} />
              <span className="visually-hidden">{t('starInput.option', { count: stars })}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
