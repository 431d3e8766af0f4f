import { PASSWORD_MIN_LENGTH } from '@linkhunt/contracts/user';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import type { Strength } from '../lib/password-strength.ts';
import styles from './PasswordStrength.module.css';

/** The ids the password input is described by: the level, and the tip when there is one. */
export function strengthIds(id: string, { tip }: Strength): string[] {
  return [`${id}-level`, tip && `${id}-tip`].filter((part): part is string => Boolean(part));
}

/**
 * How hard the typed password is to guess, as a bar and in words. Only the level's words are a live region:
 * they change a few times while typing, not with every key, and the tip is read with the field instead.
 */
export function PasswordStrength({ id, strength }: { id: string; strength: Strength }) {
  const { t } = useTranslation(NAMESPACE);
  const { level, tip } = strength;
  return (
    <div className={styles.strength}>
      <div className={styles.track} aria-hidden="true">
        <div className={cx(styles.fill, level && styles[level])} />
      </div>
      <p id={`${id}-level`} className={cx(styles.level, level && styles[level])} aria-live="polite" aria-atomic="true">
        {level && t('auth.strength.label', { level: t(`auth.strength.${level}`) })}
      </p>
      {tip && (
        <p id={`${id}-tip`} className={styles.tip}>
          {t(`auth.strength.tips.${tip}`, { min: PASSWORD_MIN_LENGTH })}
        </p>
      )}
    </div>
  );
}
