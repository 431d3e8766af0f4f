import { ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { ProductList } from '@linkhunt/shared-ui/components/product-grid/ProductList.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { listOf, recentsQuery } from '../api/home-queries.ts';
import { HomeSection } from './HomeSection.tsx';

export function RecentProducts() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const recents = listOf<ProductSummary[]>(useAnswerQuery(recentsQuery()).answer);
  return (
    <HomeSection title={t('home.recents')}>
      <ProductList
        products={recents}
        empty={
          <EmptyState
            title={t('home.noProducts')}
            headingLevel={3}
            action={<ButtonLink to={langPath('/product/new')}>{t('home.shareFirst')}</ButtonLink>}
          />
        }
      />
    </HomeSection>
  );
}
