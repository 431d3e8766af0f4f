import { type ChangeEvent, type HTMLInputTypeAttribute, type ReactNode, useId } from 'react';
import { FieldMessage } from './FieldMessage.tsx';

/** What every account form field takes (TextField, PasswordField). */
export interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The API's message for this field: the input is marked invalid and described by it. */
  error?: string;
  required?: boolean;
  minLength?: number;
}

interface Props extends FieldProps {
  /** A line under the field, read with it. */
  hint?: string;
  type?: HTMLInputTypeAttribute;
  /** A textarea of this many rows instead of an input. */
  rows?: number;
  maxLength?: number;
  autoComplete?: string;
  placeholder?: string;
  /** Shown under the field, after its error (the card of a product already listed with this link). */
  children?: ReactNode;
}

/** A labelled input (or textarea) with its hint and error tied to it, as every account form writes them. */
export function TextField({ name, label, value, onChange, error, hint, type = 'text', rows, children, ...rest }: Props) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    ...rest,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {rows ? <textarea rows={rows} {...common} /> : <input type={type} {...common} />}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <FieldMessage id={`${id}-error`} message={error} />
      {children}
    </div>
  );
}
