import { useResponseStatus } from '../../features/ssr/use-response-status.ts';
import { useTranslation } from 'react-i18next';
import { useLangPath } from '../../features/i18n/use-lang-path.ts';
import { ButtonLink } from '../button/Button.tsx';
import { EmptyState } from '../empty-state/EmptyState.tsx';

/** An unknown brand, category or product: the page's own words, kept out of search engines, and the way home. */
export function PageNotFound({ title }: { title: string }) {
  const { t } = useTranslation('ui');
  const langPath = useLangPath();
  useResponseStatus(404);
  return (
    <div className="container">
      <title>{`${title} | Linkhunt`}</title>
      <meta name="robots" content="noindex" />
      <EmptyState title={title} headingLevel={1} action={<ButtonLink to={langPath('/index')}>{t('page.home')}</ButtonLink>} />
    </div>
  );
}
