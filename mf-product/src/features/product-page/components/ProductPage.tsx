import type { Product } from '@linkhunt/contracts/product';
import { ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { Skeleton } from '@linkhunt/shared-ui/components/skeleton/Skeleton.tsx';
import { StarRating } from '@linkhunt/shared-ui/components/star-rating/StarRating.tsx';
import { useApiData } from '@linkhunt/shared-ui/features/api/use-api-data.ts';
import { imageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './ProductPage.module.css';

export default function ProductPage() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const { slug = '' } = useParams();
  const product = useApiData<Product>(`/products/slug/${encodeURIComponent(slug)}?include=user`);
  if (product.status === 'error') {
    return (
      <div className="container">
        <EmptyState
          title={product.notFound ? t('notFound') : t('loadFailed')}
          action={<ButtonLink to={langPath('/index')}>{t('backHome')}</ButtonLink>}
        />
      </div>
    );
  }
  const data = product.data;
  return (
    <article className={`container ${styles.page}`}>
      {data && <Seo title={data.title} description={data.description.slice(0, 160)} image={imageUrl(data.image)} />}
      <div className={styles.media}>
        {data ? (
          <img src={imageUrl(data.image)} alt={data.title} width={800} height={800} className={styles.image} />
        ) : (
          <Skeleton width="100%" height="100%" />
        )}
      </div>
      <div className={styles.details}>
        {data ? (
          <>
            <Link className={styles.brand} to={langPath(`/brand/${data.brand.slug}`)}>
              {data.brand.name}
            </Link>
            <h1 className={styles.title}>{data.title}</h1>
            <StarRating rating={data.rating} />
            {data.hidden === 1 && <p className={styles.unavailable}>{t('unavailable')}</p>}
            <p className={styles.description}>{data.description}</p>
          </>
        ) : (
          <Skeleton width="100%" height="12rem" />
        )}
      </div>
    </article>
  );
}
