import { ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { Spinner } from '@linkhunt/shared-ui/components/spinner/Spinner.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAMESPACE } from '../register-locales.ts';
import { type AdminAccess, useAdminAccess } from '../hooks/use-admin-access.ts';
import styles from './AdminFrame.module.css';

export type AdminSection = 'reports' | 'users' | 'audit' | 'platform';
const SECTIONS: readonly AdminSection[] = ['reports', 'users', 'audit', 'platform'];
/** For admins only: a moderator sees no tab for them, and reads a refusal on opening one (the API refuses them too). */
const ADMIN_SECTIONS: readonly AdminSection[] = ['platform'];

type Allowed = Extract<AdminAccess, { state: 'allowed' }>;

interface Props {
  section: AdminSection;
  /** The section's own content, once the signed-in user may see it. */
  children: (access: Allowed) => ReactNode;
}

/**
 * Every console page: its title and description, kept out of search results; the sections the user may open as
 * tabs; and the access check, which the server renders as "checking" (it has no token) and the browser settles: a
 * sign-in prompt that brings the visitor back here, a refusal for a plain user (or a moderator on an admin's
 * section), or the section.
 */
export function AdminFrame({ section, children }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const access = useAdminAccess();
  const title = t(`${section}.title`);
  return (
    <div className={`container ${styles.page}`}>
      <Seo title={`${title} · ${t('console')}`} description={t(`${section}.description`)} />
      <meta name="robots" content="noindex" />
      <p className={styles.eyebrow}>{t('console')}</p>
      <h1 className={styles.title}>{title}</h1>
      {access.state === 'allowed' && <SectionNav current={section} isAdmin={access.isAdmin} />}
      {access.state === 'allowed' && !access.isAdmin && ADMIN_SECTIONS.includes(section) ? (
        <Forbidden adminOnly />
      ) : (
        <AccessState access={access}>{access.state === 'allowed' && children(access)}</AccessState>
      )}
    </div>
  );
}

function SectionNav({ current, isAdmin }: { current: AdminSection; isAdmin: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  return (
    <nav aria-label={t('nav.label')} className={styles.nav}>
      <ul role="list" className={styles.tabs}>
        {SECTIONS.filter((section) => isAdmin || !ADMIN_SECTIONS.includes(section)).map((section) => (
          <li key={section}>
            <Link
              to={langPath(`/admin/${section}`)}
              className={styles.tab}
              aria-current={section === current ? 'page' : undefined}
            >
              {t(`nav.${section}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AccessState({ access, children }: { access: AdminAccess; children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const location = useLocation();
  switch (access.state) {
    case 'checking':
      return (
        <div className={styles.checking}>
          <Spinner size="lg" label={t('access.checking')} />
        </div>
      );
    case 'signed-out':
      return (
        <EmptyState
          title={t('access.signInTitle')}
          action={
            // The login page sends the user back to `from` (mf-account's AuthForm), as the shell's guard does.
            <ButtonLink to={langPath('/auth')} state={{ from: location }}>
              {t('access.signIn')}
            </ButtonLink>
          }
        >
          {t('access.signInText')}
        </EmptyState>
      );
    case 'forbidden':
      return <Forbidden />;
    case 'allowed':
      return children;
  }
}

/**
 * A signed-in user without the role, or one whose role the API no longer accepts (403); `adminOnly`: a moderator
 * on an admin's section.
 */
export function Forbidden({ adminOnly = false }: { adminOnly?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  return (
    <EmptyState
      title={t('access.forbiddenTitle')}
      action={
        <ButtonLink to={langPath('/index')} variant="secondary">
          {t('access.home')}
        </ButtonLink>
      }
    >
      {t(adminOnly ? 'access.adminOnlyText' : 'access.forbiddenText')}
    </EmptyState>
  );
}
