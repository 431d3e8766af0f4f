import { KNOWN_COLOURS, knownColour, storedColourName } from '@linkhunt/contracts/colours';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { ColourSwatch } from '@linkhunt/shared-ui/features/colours/ColourSwatch.tsx';
import { useColourName } from '@linkhunt/shared-ui/features/colours/colour-name.ts';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessage } from '../../../components/FieldMessage.tsx';
import { MAX_COLOUR_NAME_LENGTH, MAX_PRODUCT_COLOURS } from '@linkhunt/contracts/limits';
import { type AddedColours, addTypedColours, hasColour, tidyColours, withoutColour } from '../../../lib/colour-list.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './ColourPicker.module.css';

/** The box for other colours: never sent as such (the form sends `colors[]`), named so the form can focus it. */
export const OTHER_COLOURS = 'other_colours';

/** Why typed colours were not added, in words: for the picker's own box and for the form when it is sent. */
export function useColourProblem(): (problem: NonNullable<AddedColours['problem']>) => string {
  const { t } = useTranslation(NAMESPACE);
  return (problem) =>
    problem === 'tooLong' ? t('productForm.colourTooLong', { max: MAX_COLOUR_NAME_LENGTH }) : t('productForm.coloursTooMany', { max: MAX_PRODUCT_COLOURS });
}

interface Props {
  /** The product's colours, as tidyColours keeps them. */
  colours: string[];
  onChange: (colours: string[]) => void;
  /** What is typed in the box for other colours and not added yet: the form adds it when it is sent. */
  typed: string;
  onTypedChange: (text: string) => void;
  /** The form's message for the colours (the API's, or too many). */
  error?: string;
  errorId: string;
}

/**
 * The product's colours: the known ones as a palette of checkboxes named in the page's language, any other
 * typed in a box and shown as a chip that can be removed.
 */
export function ColourPicker({ colours, onChange, typed, onTypedChange, error, errorId }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const colourName = useColourName();
  const problemText = useColourProblem();
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const others = colours.filter((colour) => !knownColour(colour));
  const full = colours.length >= MAX_PRODUCT_COLOURS;

  const toggle = (name: string, on: boolean) => onChange(on ? tidyColours([...colours, name]) : withoutColour(colours, name));

  const add = () => {
    const added = addTypedColours(colours, typed);
    if (added.problem) {
      setProblem(problemText(added.problem));
      return;
    }
    setProblem(null);
    onChange(added.colours);
    onTypedChange('');
  };

  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter in a text box would send the whole form.
    event.preventDefault();
    add();
  };

  const remove = (colour: string) => {
    onChange(withoutColour(colours, colour));
    // Its button is gone: the box to type another takes the focus rather than the page's start.
    box.current?.focus();
  };

  const described = [`${id}-hint`, problem && `${id}-problem`, error && errorId].filter(Boolean).join(' ');
  return (
    <fieldset
      className={styles.colours}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{t('productForm.fields.colors')}</legend>
      <div className={styles.palette}>
        {KNOWN_COLOURS.map((colour) => {
          const name = storedColourName(colour);
          const checked = hasColour(colours, name);
          return (
            <label key={colour.key} className={styles.option}>
              <input
                type="checkbox"
                name="colors"
                value={name}
                checked={checked}
                // A product takes at most MAX_PRODUCT_COLOURS: once there, only unchecking is offered.
                disabled={!checked && full}
                onChange={(event) => toggle(name, event.target.checked)}
              />
              <ColourSwatch colour={colour.key} className={styles.swatch} />
              <span className={styles.name}>{colourName(name)}</span>
            </label>
          );
        })}
      </div>
      <div className={`field ${styles.other}`}>
        <label htmlFor={id}>{t('productForm.colourOther')}</label>
        <div className={styles.addRow}>
          <input
            ref={box}
            id={id}
            name={OTHER_COLOURS}
            type="text"
            value={typed}
            autoComplete="off"
            enterKeyHint="done"
            aria-invalid={problem ? true : undefined}
            aria-describedby={described}
            onChange={(event) => {
              setProblem(null);
              onTypedChange(event.target.value);
            }}
            onKeyDown={addOnEnter}
          />
          <Button variant="ghost" onClick={add}>
            {t('productForm.colourAdd')}
          </Button>
        </div>
        <p id={`${id}-hint`} className="field-hint">
          {t('productForm.colorsHint')}
        </p>
        <FieldMessage id={`${id}-problem`} message={problem ?? undefined} />
      </div>
      {others.length > 0 && (
        <ul className={styles.chips} aria-label={t('productForm.colourOthers')}>
          {others.map((colour) => (
            <li key={colour} className={styles.chip}>
              <span className={styles.chipName}>{colour}</span>
              <button type="button" className={styles.chipRemove} aria-label={t('productForm.colourRemove', { colour })} onClick={() => remove(colour)}>
                {/* A drawn cross rather than "×": a character would be visible text missing from the button's name. */}
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                  <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldMessage id={errorId} message={error} />
    </fieldset>
  );
}
