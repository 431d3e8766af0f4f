import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip } from './ChipGroup.tsx';
import styles from './ListingFilters.module.css';

/** The minimum ratings offered, best first; "Any" comes before them. */
export const RATING_CHOICES = [4, 3, 2, 1] as const;

interface Props {
  value: number | null;
  onChange: (minRating: number | null) => void;
}

/** Minimum average stars as radio chips: Any, 4★+, 3★+, 2★+, 1★+. */
export function RatingGroup({ value, onChange }: Props) {
  const { t } = useTranslation('ui');
  const legendId = useId();
  // A URL may ask for 5 stars: it is shown too, so the radios always say what the list is filtered by.
  const choices: number[] = value === null || (RATING_CHOICES as readonly number[]).includes(value) ? [...RATING_CHOICES] : [value, ...RATING_CHOICES];
  const option = (stars: number | null) => ({ value: stars === null ? '' : String(stars), count: null, chosen: value === stars, disabled: false });
  const change = (raw: string, checked: boolean) => {
    if (checked) onChange(raw === '' ? null : Number(raw));
  };
  return (
    <div className={styles.group} role="radiogroup" aria-labelledby={legendId}>
      <span id={legendId} className={styles.legend}>
        {t('filters.rating')}
      </span>
      <div className={styles.values}>
        <div className={styles.chips}>
          <Chip type="radio" name="min_rating" option={option(null)} onChange={change}>
            {t('filters.anyRating')}
          </Chip>
          {choices.map((stars) => (
            <Chip key={stars} type="radio" name="min_rating" option={option(stars)} onChange={change}>
              <span className={styles.stars} aria-hidden="true">
                <svg className={styles.star} viewBox="0 0 20 20" focusable="false">
                  <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
                </svg>
                {stars === 5 ? '5' : `${stars}+`}
              </span>
              <span className="visually-hidden">{t('filters.starsOrMore', { count: stars })}</span>
            </Chip>
          ))}
        </div>
      </div>
    </div>
  );
}
