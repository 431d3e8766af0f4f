import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';

/** Add (`/product/new`) and edit (`/product/edit/{slug}`); the form itself is mf-account's own issue. */
export default function ProductFormPage() {
  const { t } = useTranslation(NAMESPACE);
  const { slug } = useParams();
  const title = slug ? t('productForm.editTitle') : t('productForm.newTitle');
  return (
    <div className="container">
      <Seo title={title} description={title} />
      <h1>{title}</h1>
    </div>
  );
}
