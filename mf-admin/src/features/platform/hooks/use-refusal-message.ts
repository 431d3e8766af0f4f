import { isApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';

/** The platform's refusal codes (shell/server: deployer.ts, platform-access.ts) the console puts in words. */
const KNOWN_REFUSALS = ['already_current', 'no_previous_version', 'no_canary', 'unknown_version', 'preflight_failed', 'remotes_unreadable', 'unauthorized', 'forbidden'] as const;
type KnownRefusal = (typeof KNOWN_REFUSALS)[number];
const isKnown = (code: unknown): code is KnownRefusal => (KNOWN_REFUSALS as readonly unknown[]).includes(code);

/**
 * What a refused platform write tells the admin: the refusal in the page's language, then the server's own
 * sentence, which names the version or the failing check (it is written in English for the CLI and the log).
 */
export function useRefusalMessage(): (error: Error) => string {
  const { t } = useTranslation(NAMESPACE);
  return (error) => {
    if (!isApiError(error) || error.status === null) return t('platform.refusals.unreachable');
    const { error: code, message } = (error.data ?? {}) as { error?: unknown; message?: unknown };
    const said = t(isKnown(code) ? `platform.refusals.${code}` : 'platform.refusals.other', { status: error.status });
    return typeof message === 'string' && message ? `${said} ${t('platform.serverSays', { message })}` : said;
  };
}
