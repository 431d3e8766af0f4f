import { ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useResponseStatus } from '@linkhunt/shared-ui/features/ssr/use-response-status.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';

/**
 * A product a moderator removed for illegal content, as everyone but its uploader and moderators gets it: 410
 * Gone, kept out of search engines, and nothing of the product (no title, picture, share card or structured
 * data), so no link preview or crawler carries it on.
 */
export function ProductWithdrawn() {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation('ui');
  const langPath = useLangPath();
  useResponseStatus(410);
  return (
    <div className="container">
      <title>{`${t('withdrawn.title')} | Linkhunt`}</title>
      <meta name="robots" content="noindex" />
      <EmptyState title={t('withdrawn.title')} headingLevel={1} action={<ButtonLink to={langPath('/index')}>{ui('page.home')}</ButtonLink>}>
        <p>{t('withdrawn.explanation')}</p>
      </EmptyState>
    </div>
  );
}
