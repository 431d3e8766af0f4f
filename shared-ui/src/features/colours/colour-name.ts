import { knownColour } from '@linkhunt/contracts/colours';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A product's colour as the page's language shows it: a known colour (typed in any of the five languages) by
 * its `ui` name `colour.<key>`, anything else exactly as its uploader typed it.
 */
export function useColourName(): (value: string) => string {
  const { t } = useTranslation('ui');
  return useCallback(
    (value: string) => {
      const known = knownColour(value);
      return known ? t(`colour.${known.key}`, { defaultValue: value }) : value;
    },
    [t],
  );
}
