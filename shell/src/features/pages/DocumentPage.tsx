import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { DEFAULT_LANGUAGE, isLanguage } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import { useTranslation } from 'react-i18next';
import { ContentDocumentView } from './ContentDocumentView.tsx';
import { usePageContent } from './page-content.ts';

/** Privacy, cookies, terms and about: one page over four documents. */
export default function DocumentPage({ document }: { document: 'privacy' | 'cookies' | 'terms' | 'about' }) {
  const { i18n } = useTranslation();
  const content = usePageContent(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE)[document];
  return (
    <div className="container">
      <Seo title={content.title} description={content.intro} />
      <ContentDocumentView document={content} />
    </div>
  );
}
