import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ListingFilters.module.css';

/** One value a facet counted; a null count is not known yet. */
export interface CountedValue {
  value: string;
  count: number | null;
}

/** A group shows this many values; the rest wait behind "Show N more". */
export const SHOWN_VALUES = 8;
/** "Show 1 more" helps nobody: a group this much longer than SHOWN_VALUES shows everything. */
const FOLD_MARGIN = 2;

interface Props {
  legend: string;
  /** The query parameter: what a plain GET submit sends, one per ticked value. */
  name: string;
  /** The facet's values in its order (most products first); null while there is no answer yet. */
  counted: readonly CountedValue[] | null;
  /** The values of the URL: always shown, with 0 when the facet no longer lists them. */
  chosen: readonly string[];
  /** Whether two values are one (colours: "Negro" is "black"); equality by default. */
  same?: (a: string, b: string) => boolean;
  label: (value: string) => ReactNode;
  onChange: (value: string, checked: boolean) => void;
  /** How many values show before "Show N more"; all of them when Infinity. */
  shown?: number;
}

export interface ChipOption {
  value: string;
  count: number | null;
  chosen: boolean;
  /** Nothing to add: no product has it. Never the chosen value, nor the one just changed (it has the focus). */
  disabled: boolean;
}

const equal = (a: string, b: string) => a === b;

/**
 * A filter's values as checkbox chips with their counts. Disjunctive counts never change when a value of the
 * same group is ticked, so the chips stay in place and the ticked one keeps the focus; a value the visitor
 * just unticked stays listed too (with 0) even when the next answer no longer counts it.
 */
export function ChipGroup({ legend, name, counted, chosen, same = equal, label, onChange, shown = SHOWN_VALUES }: Props) {
  const { t } = useTranslation('ui');
  const legendId = useId();
  const [touched, setTouched] = useState<string | null>(null);

  const option = (value: string, count: number | null): ChipOption => {
    const isChosen = chosen.some((other) => same(value, other));
    return { value, count, chosen: isChosen, disabled: count === 0 && !isChosen && (touched === null || !same(value, touched)) };
  };
  const options = (counted ?? []).map(({ value, count }) => option(value, count));
  for (const value of touched === null ? chosen : [...chosen, touched]) {
    if (!options.some((listed) => same(listed.value, value))) options.push(option(value, counted ? 0 : null));
  }
  if (options.length === 0) return null;

  const folds = options.length > shown + FOLD_MARGIN;
  const first = folds ? options.slice(0, shown) : options;
  const rest = folds ? options.slice(shown) : [];

  const change = (value: string, checked: boolean) => {
    setTouched(value);
    onChange(value, checked);
  };

  const chip = (shownOption: ChipOption) => (
    <Chip key={shownOption.value} type="checkbox" name={name} option={shownOption} onChange={change}>
      {label(shownOption.value)}
    </Chip>
  );

  return (
    <div className={styles.group} role="group" aria-labelledby={legendId}>
      <span id={legendId} className={styles.legend}>
        {legend}
      </span>
      <div className={styles.values}>
        <div className={styles.chips}>{first.map(chip)}</div>
        {rest.length > 0 && (
          <MoreValues count={rest.length} holdsChosen={rest.some((option) => option.chosen)} showLess={t('filters.showLess')}>
            {rest.map(chip)}
          </MoreValues>
        )}
      </div>
    </div>
  );
}

/**
 * The values past the first few, behind a native disclosure (it works before and without JavaScript). Open
 * from the start when it holds a chosen value, and opened whenever one lands in it; never closed for the
 * visitor, which would hide the box that has the focus.
 */
function MoreValues({ count, holdsChosen, showLess, children }: { count: number; holdsChosen: boolean; showLess: string; children: ReactNode }) {
  const { t } = useTranslation('ui');
  const details = useRef<HTMLDetailsElement>(null);
  // The first render's value only: React would close the disclosure if the prop ever turned false.
  const [openAtFirst] = useState(holdsChosen);
  useEffect(() => {
    if (holdsChosen && details.current) details.current.open = true;
  }, [holdsChosen]);
  return (
    <details ref={details} className={styles.more} open={openAtFirst}>
      <summary className={styles.moreToggle}>
        <span className={styles.whenClosed}>{t('filters.showMore', { count })}</span>
        <span className={styles.whenOpen}>{showLess}</span>
      </summary>
      <div className={styles.chips}>{children}</div>
    </details>
  );
}

interface ChipProps {
  type: 'checkbox' | 'radio';
  name: string;
  option: ChipOption;
  onChange: (value: string, checked: boolean) => void;
  children: ReactNode;
}

/** A native checkbox or radio dressed as a chip: the box stays in the form, the keyboard and the accessibility tree. */
export function Chip({ type, name, option, onChange, children }: ChipProps) {
  const { t } = useTranslation('ui');
  const { value, count, chosen, disabled } = option;
  return (
    <label className={styles.chip}>
      <input
        className={styles.chipInput}
        type={type}
        name={name}
        value={value}
        checked={chosen}
        disabled={disabled}
        onChange={(event) => onChange(value, event.currentTarget.checked)}
      />
      <span className={styles.chipFace}>
        <svg className={styles.tick} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M3.5 8.5l3 3 6-7" />
        </svg>
        <span className={styles.chipLabel}>{children}</span>
        {/* Between the name and its count for screen readers; a flex container draws no space. */}
        {count !== null && ' '}
        {count !== null && (
          <span className={styles.chipCount}>
            <span aria-hidden="true">{count}</span>
            <span className="visually-hidden">({t('filters.products', { count })})</span>
          </span>
        )}
      </span>
    </label>
  );
}
