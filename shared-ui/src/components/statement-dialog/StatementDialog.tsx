import { type FormEvent, type ReactNode, type RefObject, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../features/api/api-client.ts';
import { errorMessage } from '../../features/api/error-message.ts';
import { toast } from '../../features/toasts/toast-store.ts';
import { Button, type ButtonVariant } from '../button/Button.tsx';
import { Dialog } from '../dialog/Dialog.tsx';
import styles from './StatementDialog.module.css';

export interface StatementWrite {
  isPending: boolean;
  mutate: (text: string, callbacks: { onSuccess: () => void; onError: (failure: Error) => void }) => void;
}

export interface StatementDialogProps {
  open: boolean;
  onClose: () => void;
  /** The button that opened it: it may be re-rendered while the dialog is open. */
  returnFocusTo: RefObject<HTMLElement | null>;
  title: string;
  /** What the action does, above the field. */
  intro?: ReactNode;
  label: string;
  hint: string;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  minLength: number;
  maxLength: number;
  /** The request's field (`statement`, `reason`): the API's message for it shows under the text. */
  field: string;
  /** Said when the call fails without a message of its own. */
  failed: string;
  /** More of the decision, under the text (the hide's "removed for illegal content"). */
  extra?: ReactNode;
  /** The write the text (trimmed) goes with: the owner's useMutation. The owner closes the dialog once it succeeded. */
  write: StatementWrite;
}

/**
 * An action that must be explained in writing (hide, decide an appeal, suspend, remove a review's photos): the text is checked against the
 * contract's minimum before anything is sent, and the API's own refusal shows under it. The text is kept when
 * the call fails, and emptied once it succeeds.
 */
export function StatementDialog({
  open,
  onClose,
  returnFocusTo,
  title,
  intro,
  label,
  hint,
  submitLabel,
  submitVariant = 'primary',
  minLength,
  maxLength,
  field,
  failed,
  extra,
  write,
}: StatementDialogProps) {
  const { t } = useTranslation('ui');
  const formId = useId();
  const textId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const focusText = () => document.getElementById(textId)?.focus();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (write.isPending) return;
    const statement = text.trim();
    if (statement.length < minLength) {
      setError(t('statementDialog.tooShort', { min: minLength, length: statement.length }));
      focusText();
      return;
    }
    setError(undefined);
    write.mutate(statement, {
      onSuccess: () => setText(''),
      onError: (failure) => {
        const expired = isApiError(failure) && failure.status === 401;
        const message = expired ? t('statementDialog.sessionExpired') : fieldMessage(failure, field) ?? errorMessage(failure, failed);
        setError(message);
        // A refused session is the shell's to announce (it asks to sign in again over the page).
        if (!expired) toast.error(message);
        focusText();
      },
    });
  };

  const described = [`${textId}-hint`, `${textId}-count`, error && `${textId}-error`].filter(Boolean).join(' ');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      title={title}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('statementDialog.cancel')}
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} loading={write.isPending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        {intro && <div className={styles.intro}>{intro}</div>}
        <div className="field">
          <label htmlFor={textId}>{label}</label>
          <textarea
            id={textId}
            name={field}
            rows={5}
            required
            minLength={minLength}
            maxLength={maxLength}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
          />
          <p id={`${textId}-hint`} className="field-hint">
            {hint}
          </p>
          <p id={`${textId}-count`} className={styles.count}>
            {t('statementDialog.count', { used: text.length, max: maxLength })}
          </p>
          {error && (
            <p id={`${textId}-error`} className={styles.error}>
              {error}
            </p>
          )}
        </div>
        {extra}
      </form>
    </Dialog>
  );
}

/** The API's first message for one field of a 422 (`{ errors: { statement: [...] } }`), if it gave one. */
function fieldMessage(error: unknown, field: string): string | undefined {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return undefined;
  const messages = (error.data as { errors?: Record<string, unknown> }).errors?.[field];
  return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
}
