import { buttonClassName } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { useFavourite } from '../hooks/use-favourite.ts';
import styles from './FavouriteButton.module.css';

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.heart}>
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.2 4.4 2.5h1.6c.8-1.3 2.3-2.5 4.4-2.5 3.8 0 5.9 3.9 4.4 7.2C19.5 16.4 12 21 12 21Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A toggle button (aria-pressed) for a signed-in user; a link to log in, and back, for a visitor. */
export function FavouriteButton({ productId }: { productId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const location = useLocation();
  const { favourite, signedIn, toggle } = useFavourite(productId, t('favourite.failed'));
  const look = buttonClassName({ variant: 'secondary', size: 'sm' });
  if (!signedIn) {
    return (
      <Link className={look} to={langPath('/auth')} state={{ from: location }} title={t('favourite.loginHint')}>
        <Heart filled={false} />
        {t('favourite.label')}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={cx(look, favourite && styles.on)}
      aria-pressed={favourite ?? false}
      disabled={favourite === null}
      onClick={toggle}
    >
      <Heart filled={favourite === true} />
      {t('favourite.label')}
    </button>
  );
}
