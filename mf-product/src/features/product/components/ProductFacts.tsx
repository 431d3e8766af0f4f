import { knownColour } from '@linkhunt/contracts/colours';
import type { Product } from '@linkhunt/contracts/product';
import { useCategoryName } from '@linkhunt/shared-ui/components/category-card/category-name.ts';
import { ColourSwatch } from '@linkhunt/shared-ui/features/colours/ColourSwatch.tsx';
import { useColourName } from '@linkhunt/shared-ui/features/colours/colour-name.ts';
import { useContentLang } from '@linkhunt/shared-ui/features/i18n/use-content-lang.ts';
import { formatCount } from '@linkhunt/shared-ui/components/user-card/UserCard.tsx';
import { UserCredit } from '@linkhunt/shared-ui/components/user-credit/UserCredit.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { formatDate } from '@linkhunt/shared-ui/features/i18n/format-date.ts';
import styles from './ProductFacts.module.css';

/** The product's details as a description list: categories, colours, uploader, member since, downloads, date. */
export function ProductFacts({ product }: { product: Product }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const categoryName = useCategoryName();
  const colourName = useColourName();
  const contentLang = useContentLang();
  return (
    <dl className={styles.facts}>
      {product.categories.length > 0 && (
        <div className={styles.fact}>
          <dt>{t('facts.categories')}</dt>
          <dd className={styles.tags}>
            {product.categories.map((category) => (
              <Link key={category.id} className={styles.tag} to={langPath(`/cat/${category.slug}`)}>
                {categoryName(category.name)}
              </Link>
            ))}
          </dd>
        </div>
      )}
      {product.colors.length > 0 && (
        <div className={styles.fact}>
          <dt>{t('facts.colours')}</dt>
          <dd className={styles.tags}>
            {coloursOf(product.colors).map(({ id, value, known }) => (
              // A colour the catalogue does not know is shown as the uploader typed it, in the product's language.
              <span key={id} className={styles.colour} {...(!known && contentLang(product.language))}>
                {known && <ColourSwatch colour={known.key} />}
                {colourName(value)}
              </span>
            ))}
          </dd>
        </div>
      )}
      {product.user && (
        <>
          <div className={styles.fact}>
            <dt>{t('facts.uploadedBy')}</dt>
            <dd>
              <Link to={langPath(`/user/${encodeURIComponent(product.user.username)}`)}>
                <UserCredit user={product.user} />
              </Link>
            </dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('facts.memberSince')}</dt>
            <dd>{formatDate(product.user.created_at, i18n.language)}</dd>
          </div>
        </>
      )}
      <div className={styles.fact}>
        <dt>{t('facts.downloads')}</dt>
        <dd>{formatCount(product.downloads)}</dd>
      </div>
      <div className={styles.fact}>
        <dt>{t('facts.added')}</dt>
        <dd>{formatDate(product.created_at, i18n.language)}</dd>
      </div>
    </dl>
  );
}

/** Each colour once: "negro" and "black" stored side by side are one colour on a page in any language. */
function coloursOf(values: string[]) {
  const seen = new Set<string>();
  return values
    .map((value) => {
      const known = knownColour(value);
      return { id: known ? `known:${known.key}` : `typed:${value}`, value, known };
    })
    .filter(({ id }) => {
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
}
