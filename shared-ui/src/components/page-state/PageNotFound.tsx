import type { ReactNode } from 'react';
import { useResponseStatus } from '../../features/ssr/use-response-status.ts';
import { useTranslation } from 'react-i18next';
import { useLangPath } from '../../features/i18n/use-lang-path.ts';
import { ButtonLink } from '../button/Button.tsx';
import { EmptyState } from '../empty-state/EmptyState.tsx';

interface Props {
  title: string;
  /** 404 for what never was (or no longer is) here; 410 for what was removed on purpose (a taken-down product). */
  status?: 404 | 410;
  /** Why, when the title alone does not say. */
  children?: ReactNode;
}

/** An unknown or removed brand, category or product: the page's own words, kept out of search engines, and the way home. */
export function PageNotFound({ title, status = 404, children }: Props) {
  const { t } = useTranslation('ui');
  const langPath = useLangPath();
  useResponseStatus(status);
  return (
    <div className="container">
      <title>{`${title} | Linkhunt`}</title>
      <meta name="robots" content="noindex" />
      <EmptyState title={title} headingLevel={1} action={<ButtonLink to={langPath('/index')}>{t('page.home')}</ButtonLink>}>
        {children}
      </EmptyState>
    </div>
  );
}
