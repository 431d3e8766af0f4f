import { POINTS_PER_PRODUCT } from '@linkhunt/contracts/limits';
import { PageLoadFailed } from '@linkhunt/shared-ui/components/page-state/PageLoadFailed.tsx';
import { PageNotFound } from '@linkhunt/shared-ui/components/page-state/PageNotFound.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { Spinner } from '@linkhunt/shared-ui/components/spinner/Spinner.tsx';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { useFormData } from '../api/use-form-data.ts';
import { VerifyNotice } from '../../../components/VerifyNotice.tsx';
import { ProductForm } from './ProductForm.tsx';
import styles from './ProductForm.module.css';

/** Add (`/product/new`) and edit (`/product/edit/{slug}`), both behind the shell's protected route. */
export default function ProductFormPage() {
  const { t } = useTranslation(NAMESPACE);
  const { slug } = useParams();
  const data = useFormData(slug);
  const title = slug ? t('productForm.editTitle') : t('productForm.newTitle');
  if (data.status === 'notFound') return <PageNotFound title={t('productForm.notYours')} />;
  if (data.status === 'error') return <PageLoadFailed onRetry={data.retry} />;
  return (
    <div className={`container ${styles.page}`}>
      <Seo title={title} description={t('productForm.description')} />
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.intro}>{t('productForm.intro', { points: POINTS_PER_PRODUCT })}</p>
      <VerifyNotice />
      {data.status === 'loading' ? (
        <div className={styles.loading}>
          <Spinner />
        </div>
      ) : (
        <ProductForm key={slug ?? 'new'} brands={data.brands} categories={data.categories} product={data.product} />
      )}
    </div>
  );
}
