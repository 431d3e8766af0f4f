import { MAX_IMAGE_BYTES } from '@linkhunt/contracts/limits';
import { Button, buttonClassName } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, imageProblem } from '@linkhunt/shared-ui/features/media/image-file.ts';
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

const MEGABYTES = MAX_IMAGE_BYTES / 1024 / 1024;

/** Whether a drag carries files (not a link or a text selection, which the zone leaves alone). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * A PNG or JPEG of at most 2 MB, checked and previewed before anything is sent: chosen with the translated
 * button or dropped on the field. The real file input stays, only visually hidden: it is what the keyboard
 * focuses (the button is its label, so its name carries the button's words), what a screen reader announces,
 * and what the form focuses when the API refuses the file. Its name is the field's title and the button's words.
 *
 * Neither the product nor the profile API can remove a saved image (a form without a file keeps it), so over a
 * saved image the second button only takes back the new choice, and says so; "remove" exists only when
 * nothing is saved.
 */
export function ImageField({ label, name, current, onChange, error, required = false, shape = 'square' }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  // Empty, so picking the same file again after a drop or a removal still reports a change.
  const emptyInput = () => {
    if (input.current) input.current.value = '';
  };

  const take = async (file: File) => {
    const found = await imageProblem(file);
    if (found) {
      // The refused file is dropped, so the form never sends it.
      emptyInput();
      setProblem(found === 'type' ? t('image.type') : t('image.size', { megabytes: MEGABYTES }));
      setPreview(null);
      setChosen(null);
      onChange(null);
      return;
    }
    setProblem(null);
    setPreview(URL.createObjectURL(file));
    setChosen(file);
    onChange(file);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (file) void take(file);
  };

  const drag = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    // Without this the browser opens the file itself instead of dropping it here.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const leave = (event: DragEvent<HTMLDivElement>) => {
    // Moving over the zone's own children fires leave too: only leaving the zone counts.
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setDragging(false);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!file) return;
    emptyInput();
    void take(file);
  };

  const unchoose = () => {
    emptyInput();
    setPreview(null);
    setChosen(null);
    setProblem(null);
    onChange(null);
    // The button pressed disappears: the focus goes back to the picker rather than to the page's start.
    input.current?.focus();
  };

  const message = problem ?? error;
  const shown = preview ?? current;
  return (
    <div className={styles.field}>
      <span id={`${id}-label`} className={styles.label}>
        {label}
      </span>
      <div
        className={cx(styles.picker, dragging && styles.dragging, message && styles.invalid)}
        onDragEnter={drag}
        onDragOver={drag}
        onDragLeave={leave}
        onDrop={drop}
      >
        <span className={cx(styles.preview, styles[shape])}>
          {shown ? <img src={shown} alt={t('image.preview')} width={96} height={96} /> : <span aria-hidden="true">+</span>}
        </span>
        <div className={styles.controls}>
          <input
            ref={input}
            id={id}
            name={name}
            type="file"
            className="visually-hidden"
            accept={IMAGE_ACCEPT}
            // Named by the field's title and the button's words: one <label> only (two make axe ask for a review).
            aria-labelledby={`${id}-label ${id}-button`}
            required={required && !current}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
            onChange={choose}
          />
          <div className={styles.actions}>
            <label id={`${id}-button`} htmlFor={id} className={buttonClassName({ variant: 'secondary', size: 'sm' }, cx(styles.action, styles.choose))}>
              {shown ? t('image.replace') : t('image.choose')}
            </label>
            {chosen && (
              <Button variant="ghost" size="sm" className={styles.action} onClick={unchoose}>
                {current ? t('image.keepCurrent') : t('image.remove')}
              </Button>
            )}
          </div>
          <p className={styles.drop}>{dragging ? t('image.dropNow') : t('image.orDrop')}</p>
          <p id={`${id}-hint`} className={styles.hint}>
            {t('image.hint', { megabytes: MEGABYTES })}
          </p>
          <p className={styles.chosen} role="status">
            {chosen ? t('image.chosen', { name: chosen.name }) : ''}
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
