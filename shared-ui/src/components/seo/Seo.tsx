import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@linkhunt/contracts/share-image';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { siteOrigin } from '../../features/config/site-config.ts';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../features/i18n/languages.ts';
import { metaDescription } from './meta-description.ts';

interface Props {
  title: string;
  /** Any length: it is cut for the meta, og and twitter descriptions here (metaDescription). */
  description: string;
  /** An absolute URL of a JPEG or PNG of 1200 × 630 for link previews; the site's default share card otherwise. */
  image?: string;
  keywords?: string;
  /** Open Graph's type: `product` on a product page. */
  type?: 'website' | 'product';
}

/** The site's own 1200 × 630 card (shell/public). */
const SHARE_IMAGE = '/share.png';

/** Open Graph names locales with a territory. */
const OG_LOCALES: Record<Language, string> = { es: 'es_ES', en: 'en_GB', de: 'de_DE', it: 'it_IT', fr: 'fr_FR' };

/**
 * The page's head (React 19 hoists these into <head>): translated title and description, the canonical
 * URL, one alternate per language plus x-default, the share image and keywords.
 */
export function Seo({ title, description: text, image, keywords, type = 'website' }: Props) {
  const description = metaDescription(text);
  const { t, i18n } = useTranslation('ui');
  const { pathname } = useLocation();
  const origin = siteOrigin();
  const rest = pathname.split('/').slice(2).join('/');
  const urlFor = (language: string) => `${origin}/${language}/${rest}`;
  const fullTitle = `${title} | Linkhunt`;
  const shareImage = image ?? `${origin}${SHARE_IMAGE}`;
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={keywords ?? t('seo.keywords')} />
      <link rel="canonical" href={urlFor(language)} />
      {LANGUAGES.map((language) => (
        <link key={language} rel="alternate" hrefLang={language} href={urlFor(language)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={urlFor(DEFAULT_LANGUAGE)} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:image" content={shareImage} />
      <meta property="og:image:width" content={String(SHARE_IMAGE_WIDTH)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE_HEIGHT)} />
      <meta property="og:image:alt" content={title} />
      <meta property="og:url" content={urlFor(language)} />
      <meta property="og:site_name" content="Linkhunt" />
      <meta property="og:locale" content={OG_LOCALES[language]} />
      {LANGUAGES.filter((other) => other !== language).map((other) => (
        <meta key={other} property="og:locale:alternate" content={OG_LOCALES[other]} />
      ))}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={shareImage} />
    </>
  );
}
