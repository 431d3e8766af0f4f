import type { MailLanguage } from '@linkhunt/contracts/user';
import { DEFAULT_LANGUAGE, isLanguage } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import { useTranslation } from 'react-i18next';

/** The site's current language, which the account's mail (verification, reset) is written in. */
export function useMailLanguage(): MailLanguage {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
