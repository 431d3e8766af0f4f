import type { Brand } from '@linkhunt/contracts/brand';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrandName } from '../../features/brands/brand-name.ts';
import { imageUrl } from '../../features/config/site-config.ts';
import { useImageFallback } from '../../features/media/use-image-fallback.ts';
import { useLangPath } from '../../features/i18n/use-lang-path.ts';
import { initialsOf } from '../user-card/UserCard.tsx';
import { cx } from '../../styles/class-names.ts';
import styles from './BrandLogo.module.css';

export const BRAND_LOGO_SIZE = 96;

export interface BrandLogoProps {
  /** A Brand, or the BrandRef carried inside a product: only slug, name and image are read. */
  brand: Pick<Brand, 'slug' | 'name' | 'image'>;
}

export interface BrandMarkProps extends BrandLogoProps {
  className?: string;
  /** Next to the brand's name the logo says nothing more: an empty alt keeps it out of the name of a link. */
  decorative?: boolean;
}

/** The logo picture alone, or the brand's initials when it has none or it fails to load. */
export function BrandMark({ brand, className, decorative = false }: BrandMarkProps) {
  const { t } = useTranslation('ui');
  const name = useBrandName()(brand);
  const src = brand.image ? imageUrl(brand.image) : null;
  const { imageSrc, onError } = useImageFallback(src);
  return (
    <span className={cx(styles.mark, className)}>
      {imageSrc ? (
        <img
          className={styles.image}
          src={imageSrc}
          alt={decorative ? '' : t('brand.logoAlt', { name })}
          width={BRAND_LOGO_SIZE}
          height={BRAND_LOGO_SIZE}
          loading="lazy"
          decoding="async"
          onError={onError}
        />
      ) : (
        <span className={styles.monogram} aria-hidden="true">
          {initialsOf(name)}
        </span>
      )}
    </span>
  );
}

/** A brand's logo and full name, linking to its page. */
export function BrandLogo({ brand }: BrandLogoProps) {
  const langPath = useLangPath();
  const brandName = useBrandName();
  return (
    <Link to={langPath(`/brand/${brand.slug}`)} className={styles.brand}>
      <BrandMark brand={brand} decorative />
      <span className={styles.name}>{brandName(brand)}</span>
    </Link>
  );
}
