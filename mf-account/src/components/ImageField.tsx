import { MAX_IMAGE_BYTES } from '@linkhunt/contracts/limits';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, imageProblem } from '../lib/image-file.ts';
import { NAMESPACE } from '../register-locales.ts';
import styles from './ImageField.module.css';

interface Props {
  label: string;
  /** The field's name in the API, so the form can focus the input when the API refuses the file. */
  name?: string;
  /** The image already saved, shown until another is chosen. */
  current?: string | null;
  onChange: (file: File | null) => void;
  /** The API's message for this field. */
  error?: string;
  required?: boolean;
  shape?: 'square' | 'round';
}

/** A PNG or JPEG of at most 2 MB, checked and previewed before anything is sent. */
export function ImageField({ label, name, current, onChange, error, required = false, shape = 'square' }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    if (!file) return;
    const found = await imageProblem(file);
    if (found) {
      // The refused file is dropped, so the form never sends it.
      input.value = '';
      setProblem(found === 'type' ? t('image.type') : t('image.size', { megabytes: MAX_IMAGE_BYTES / 1024 / 1024 }));
      setPreview(null);
      onChange(null);
      return;
    }
    setProblem(null);
    setPreview(URL.createObjectURL(file));
    onChange(file);
  };

  const message = problem ?? error;
  const shown = preview ?? current;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        <span className={cx(styles.preview, styles[shape])}>
          {shown ? <img src={shown} alt={t('image.preview')} width={96} height={96} /> : <span aria-hidden="true">+</span>}
        </span>
        <div className={styles.controls}>
          <input
            id={id}
            name={name}
            type="file"
            accept={IMAGE_ACCEPT}
            required={required && !current}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
            onChange={(event) => void choose(event)}
          />
          <p id={`${id}-hint`} className={styles.hint}>
            {t('image.hint', { megabytes: MAX_IMAGE_BYTES / 1024 / 1024 })}
          </p>
          {message && (
            <p id={`${id}-error`} className={styles.error} role="alert">
              {message}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
