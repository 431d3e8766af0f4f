import { useTranslation } from 'react-i18next';
import { siteOrigin } from '../../features/config/site-config.ts';
import { useLangPath } from '../../features/i18n/use-lang-path.ts';

export interface Crumb {
  name: string;
  /** The page's path under the language, `/cat/sneakers`. */
  path: string;
}

/** Schema.org BreadcrumbList of the page's trail after the home page, which it puts first, as search engines show it. */
export function BreadcrumbJsonLd({ trail }: { trail: readonly Crumb[] }) {
  const { t } = useTranslation('ui');
  const langPath = useLangPath();
  const origin = siteOrigin();
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: t('seo.home'), path: '/index' }, ...trail].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: `${origin}${langPath(crumb.path)}` })),
  };
  // "<" escaped, so no name can close the script element.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
