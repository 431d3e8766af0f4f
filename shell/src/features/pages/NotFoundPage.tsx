import { useResponseStatus } from '@linkhunt/shared-ui/features/ssr/use-response-status.ts';
import { ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import styles from '../../styles/pages.module.css';

/** Spec section 2: "404 ERROR", "you seem to be lost", an image and the way home. */
export default function NotFoundPage() {
  const { t } = useTranslation('shell');
  const langPath = useLangPath();
  useResponseStatus(404);
  return (
    <div className={`container ${styles.notFound}`} data-testid="not-found">
      <Seo title={t('notFound.title')} description={t('notFound.text')} />
      <meta name="robots" content="noindex" />
      <LostIllustration />
      <p className={styles.eyebrow}>{t('notFound.label')}</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <ButtonLink to={langPath('/index')}>{t('notFound.home')}</ButtonLink>
    </div>
  );
}

function LostIllustration() {
  return (
    <svg className={styles.illustration} viewBox="0 0 240 160" width="240" height="160" aria-hidden="true">
      <ellipse cx="120" cy="142" rx="88" ry="10" fill="var(--color-border)" />
      <path d="M120 20c-26 0-46 20-46 45 0 34 46 70 46 70s46-36 46-70c0-25-20-45-46-45Z" fill="var(--color-accent)" />
      <text x="120" y="78" textAnchor="middle" fontSize="34" fontWeight="800" fill="#fff">?</text>
      <path d="M30 120c20-14 36-4 52-12M158 110c18 8 34-6 52 6" fill="none" stroke="var(--color-text-muted)" strokeWidth="3" strokeDasharray="6 6" strokeLinecap="round" />
    </svg>
  );
}
