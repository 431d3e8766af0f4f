import { HAND_EDIT_AUTHOR, HEALTH_WATCH_AUTHOR } from '@linkhunt/contracts/platform';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';

/** Who wrote a history line: a credential's name or `admin:<username>` as is, the platform's own authors in words. */
export function useAuthorName(): (by: string) => string {
  const { t } = useTranslation(NAMESPACE);
  return (by) => {
    if (by === HEALTH_WATCH_AUTHOR) return t('platform.authors.healthWatch');
    if (by === HAND_EDIT_AUTHOR) return t('platform.authors.handEdit');
    return by;
  };
}
