import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { isLanguage } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { detectLanguage, pathWithLanguage } from './language-path.ts';

/** Every route sits under /{lang}: an unknown language is redirected, a URL language different from the active one switches it. */
export function LanguageRoute({ children }: { children: ReactNode }) {
  const { lang } = useParams();
  const location = useLocation();
  const valid = isLanguage(lang);
  useEffect(() => {
    if (!valid) return;
    document.documentElement.lang = lang;
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [lang, valid]);
  if (!valid) {
    const language = detectLanguage(location.search, navigator.languages);
    return <Navigate replace to={{ pathname: pathWithLanguage(location.pathname, language), search: location.search }} />;
  }
  return children;
}

/** The bare root (and `/{lang}` alone) open the home page in the detected language. */
export function RootRedirect() {
  const location = useLocation();
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : detectLanguage(location.search, navigator.languages);
  return <Navigate replace to={{ pathname: `/${language}/index`, search: location.search }} />;
}
