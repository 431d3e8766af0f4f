import { SEARCH_LISTBOX_ID } from '@linkhunt/contracts/events';
import type { Suggestion } from '@linkhunt/contracts/search';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { SuggestionPill } from '../../../components/SuggestionPill.tsx';
import { useSuggestionLink } from '../../../hooks/use-suggestion-link.ts';

/**
 * The id the header's combobox names in aria-activedescendant when this suggestion is active. The type is part
 * of it: a brand and a category may share a slug.
 */
export const suggestionOptionId = ({ type, slug }: Pick<Suggestion, 'type' | 'slug'>) => `${SEARCH_LISTBOX_ID}-${type}-${slug}`;

interface Props {
  suggestion: Suggestion;
  /** Reached with the arrow keys from the search box (aria-selected). */
  active: boolean;
}

/**
 * A suggestion as a listbox option: a link to its category, brand or product page, out of the Tab order like
 * the results (the keyboard reaches it with the arrows from the box).
 */
export function SuggestionOption({ suggestion, active }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { to, label } = useSuggestionLink()(suggestion);
  return (
    <SuggestionPill
      to={to}
      label={label}
      kind={t(`suggestionType.${suggestion.type}`)}
      id={suggestionOptionId(suggestion)}
      role="option"
      aria-selected={active}
      tabIndex={-1}
    />
  );
}
