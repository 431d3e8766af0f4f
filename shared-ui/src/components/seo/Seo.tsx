import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { siteOrigin } from '../../features/config/site-config.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../features/i18n/languages.ts';

interface Props {
  title: string;
  description: string;
  /** An absolute image URL for link previews; the site's default share image otherwise. */
  image?: string;
  keywords?: string;
}

const SHARE_IMAGE = '/share.png';

/**
 * The page's head (React 19 hoists these into <head>): translated title and description, the canonical
 * URL, one alternate per language plus x-default, the share image and keywords.
 */
export function Seo({ title, description, image, keywords }: Props) {
  const { t, i18n } = useTranslation('ui');
  const { pathname } = useLocation();
  const origin = siteOrigin();
  const rest = pathname.split('/').slice(2).join('/');
  const urlFor = (language: string) => `${origin}/${language}/${rest}`;
  const fullTitle = `${title} | Linkhunt`;
  const shareImage = image ?? `${origin}${SHARE_IMAGE}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={keywords ?? t('seo.keywords')} />
      <link rel="canonical" href={urlFor(i18n.language)} />
      {LANGUAGES.map((language) => (
        <link key={language} rel="alternate" hrefLang={language} href={urlFor(language)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={urlFor(DEFAULT_LANGUAGE)} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={shareImage} />
      <meta property="og:url" content={urlFor(i18n.language)} />
      <meta property="og:site_name" content="Linkhunt" />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
