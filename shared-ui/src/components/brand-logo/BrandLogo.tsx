import type { Brand } from '@linkhunt/contracts/brand';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageUrl } from '../../features/config/site-config.ts';
import { useImageFallback } from '../../features/media/use-image-fallback.ts';
import { useLangPath } from '../../features/i18n/use-lang-path.ts';
import { initialsOf } from '../user-card/UserCard.tsx';
import styles from './BrandLogo.module.css';

export const BRAND_LOGO_SIZE = 96;

export interface BrandLogoProps {
  /** A Brand, or the BrandRef carried inside a product: only slug, name and image are read. */
  brand: Pick<Brand, 'slug' | 'name' | 'image'>;
}

export function BrandLogo({ brand }: BrandLogoProps) {
  const { t } = useTranslation('ui');
  const langPath = useLangPath();
  const src = brand.image ? imageUrl(brand.image) : null;
  const { imageSrc, onError } = useImageFallback(src);
  return (
    <Link to={langPath(`/brand/${brand.slug}`)} className={styles.brand}>
      <span className={styles.mark}>
        {imageSrc ? (
          <img
            className={styles.image}
            src={imageSrc}
            alt={t('brand.logoAlt', { name: brand.name })}
            width={BRAND_LOGO_SIZE}
            height={BRAND_LOGO_SIZE}
            loading="lazy"
            decoding="async"
            onError={onError}
          />
        ) : (
          <span className={styles.monogram} aria-hidden="true">
            {initialsOf(brand.name)}
          </span>
        )}
      </span>
      <span className={styles.name}>{brand.name}</span>
    </Link>
  );
}
