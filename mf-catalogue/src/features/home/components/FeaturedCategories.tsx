import type { CategoryWithProducts } from '@linkhunt/contracts/with-products';
import { CategoryCard } from '@linkhunt/shared-ui/components/category-card/CategoryCard.tsx';
import { CategoryCardSkeleton } from '@linkhunt/shared-ui/components/skeleton/CategoryCardSkeleton.tsx';
import { useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { categoriesQuery, listOf } from '../api/home-queries.ts';
import styles from './FeaturedCategories.module.css';
import { HomeSection } from './HomeSection.tsx';

export const CATEGORY_SKELETONS = 4;

/** Spec section 9: two columns of categories, each with up to four of its products picked at random. */
export function FeaturedCategories() {
  const { t } = useTranslation(NAMESPACE);
  const categories = listOf<CategoryWithProducts[]>(useAnswerQuery(categoriesQuery()).answer);
  if (categories?.length === 0) return null;
  return (
    <HomeSection title={t('home.categories')}>
      {categories ? (
        <ul role="list" className={styles.grid}>
          {categories.map((category) => (
            <li key={category.id}>
              <CategoryCard category={category} />
            </li>
          ))}
        </ul>
      ) : (
        <ul role="list" className={styles.grid} aria-hidden="true">
          {Array.from({ length: CATEGORY_SKELETONS }, (_, index) => (
            <li key={index}>
              <CategoryCardSkeleton />
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
