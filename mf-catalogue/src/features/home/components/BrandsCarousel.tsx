import { BrandLogo } from '@linkhunt/shared-ui/components/brand-logo/BrandLogo.tsx';
import { Carousel } from '@linkhunt/shared-ui/components/carousel/Carousel.tsx';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import type { Brand } from '@linkhunt/contracts/brand';
import { useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { brandsQuery, listOf } from '../api/home-queries.ts';
import styles from './HomeSection.module.css';

export function BrandsCarousel() {
  const { t } = useTranslation(NAMESPACE);
  const brands = listOf<Brand[]>(useAnswerQuery(brandsQuery()).answer);
  if (brands?.length === 0) return null;
  return (
    <Carousel
      className={styles.block}
      heading={2}
      preset="brands"
      label={t('home.brands')}
      items={brands ?? []}
      loading={brands === null}
      getKey={(brand) => brand.id}
      renderItem={(brand) => <BrandLogo brand={brand} />}
    />
  );
}
