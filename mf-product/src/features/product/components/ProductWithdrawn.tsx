import { PageNotFound } from '@linkhunt/shared-ui/components/page-state/PageNotFound.tsx';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';

/**
 * A product a moderator removed for illegal content, as everyone but its uploader and moderators gets it: 410
 * Gone, kept out of search engines, and nothing of the product (no title, picture, share card or structured
 * data), so no link preview or crawler carries it on.
 */
export function ProductWithdrawn() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <PageNotFound title={t('withdrawn.title')} status={410}>
      <p>{t('withdrawn.explanation')}</p>
    </PageNotFound>
  );
}
