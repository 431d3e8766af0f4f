import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessage } from '../../../components/FieldMessage.tsx';
import type { FieldProps } from '../../../components/TextField.tsx';
import { NAMESPACE } from '../../../register-locales.ts';
import { passwordStrength } from '../lib/password-strength.ts';
import { EyeIcon, EyeOffIcon } from './AuthIcons.tsx';
import styles from './PasswordField.module.css';
import { PasswordStrength, strengthIds } from './PasswordStrength.tsx';

interface Props extends FieldProps {
  autoComplete: 'current-password' | 'new-password';
  /** A new password: a meter under it says how hard it is to guess. */
  strength?: boolean;
}

/**
 * A password input with a button that shows what was typed. Hidden on the server and in the first browser render,
 * so both match; the button works once the page has hydrated.
 */
export function PasswordField({ name, label, value, onChange, error, autoComplete, required, minLength, strength = false }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<{ start: number; end: number } | null>(null);
  const rating = strength ? passwordStrength(value) : null;
  const described = [error && `${id}-error`, ...(rating ? strengthIds(`${id}-strength`, rating) : [])].filter(Boolean).join(' ') || undefined;

  // Some browsers drop the selection when an input's type changes: put the caret back where the user left it.
  useLayoutEffect(() => {
    const saved = caret.current;
    caret.current = null;
    const field = input.current;
    if (saved && field && field.ownerDocument.activeElement === field) field.setSelectionRange(saved.start, saved.end);
  }, [visible]);

  // Hidden again when the form is sent: a password manager offers to save a password field, not a text field,
  // and the password does not stay readable on screen after a failed attempt.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const hide = () => setVisible(false);
    form.addEventListener('submit', hide);
    return () => form.removeEventListener('submit', hide);
  }, []);

  const toggle = () => {
    const field = input.current;
    if (field && field.ownerDocument.activeElement === field) {
      caret.current = { start: field.selectionStart ?? value.length, end: field.selectionEnd ?? value.length };
    }
    setVisible((shown) => !shown);
  };

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={styles.control}>
        <input
          ref={input}
          id={id}
          className={styles.input}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          // A shown password is still a password: no capitalising, correcting or spell-checking it.
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required={required}
          minLength={minLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-controls={id}
          disabled={!hydrated}
          // A pointer press leaves the focus (and the caret) in the input; the keyboard keeps it on the button.
          onMouseDown={(event) => event.preventDefault()}
          onClick={toggle}
        >
          {visible ? <EyeOffIcon className={styles.icon} /> : <EyeIcon className={styles.icon} />}
          <span className="visually-hidden">{visible ? t('auth.hidePassword') : t('auth.showPassword')}</span>
        </button>
      </div>
      <FieldMessage id={`${id}-error`} message={error} />
      {rating && <PasswordStrength id={`${id}-strength`} strength={rating} />}
    </div>
  );
}
