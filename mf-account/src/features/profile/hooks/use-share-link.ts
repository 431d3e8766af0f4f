import { siteOrigin } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { SHARE_PARAM, SHARE_VALUE } from '../../../hooks/use-share-visit.ts';

/** The address of a user's public page, in the active language, that earns them points when others open it. */
export function useShareLink(username: string): string {
  const langPath = useLangPath();
  return `${siteOrigin()}${langPath(`/user/${encodeURIComponent(username)}`)}?${SHARE_PARAM}=${SHARE_VALUE}`;
}
