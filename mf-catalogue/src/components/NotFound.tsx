import { ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../register-locales.ts';

/** An unknown brand or category: the page's own words, and the way home. */
export function NotFound({ title }: { title: string }) {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  return (
    <div className="container">
      <title>{`${title} | Linkhunt`}</title>
      <meta name="robots" content="noindex" />
      <EmptyState title={title} headingLevel={1} action={<ButtonLink to={langPath('/index')}>{t('page.home')}</ButtonLink>} />
    </div>
  );
}
