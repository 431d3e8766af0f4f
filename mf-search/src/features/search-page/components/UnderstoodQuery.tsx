import type { ListingUnderstood } from '@linkhunt/contracts/listing';
import type { ListingParams } from '@linkhunt/shared-ui/features/listing/listing-params.ts';
import { listingSearch } from '@linkhunt/shared-ui/features/listing/listing-params.ts';
import { useCategoryName } from '@linkhunt/shared-ui/components/category-card/category-name.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './SearchPage.module.css';

interface Props {
  understood: ListingUnderstood;
  params: ListingParams;
}

/**
 * What the search recognised in the query ("Sneakers · black"), named in the page's language, with the one
 * way out: the same search for the words as typed (`literal`), filters kept.
 */
export function UnderstoodQuery({ understood, params }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation('ui');
  const categoryName = useCategoryName();
  const langPath = useLangPath();
  const names = [
    ...understood.categories.map((c) => categoryName(c.name)),
    ...understood.colors.map((key) => ui(`colour.${key}`, { defaultValue: key })),
  ];
  return (
    <p className={styles.corrected} data-testid="understood-query">
      {t('page.understood', { what: names.join(' · ') })}{' '}
      <Link to={langPath(`/search${listingSearch({ ...params, literal: true })}`)}>{t('page.literal', { query: params.q })}</Link>
    </p>
  );
}
