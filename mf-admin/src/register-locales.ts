import { registerLocales } from '@linkhunt/shared-ui/features/i18n/i18n.ts';

/** This remote's words travel with it: only the active language is fetched, from this remote's own host. */
export const NAMESPACE = 'admin';
registerLocales(NAMESPACE, (language) => import(`./locales/${language}.json`));
