import type { Brand } from '@linkhunt/contracts/brand';
import type { Category } from '@linkhunt/contracts/category';
import { CONTENT_LANGUAGES, isContentLanguage } from '@linkhunt/contracts/content-language';
import { isCurrency } from '@linkhunt/contracts/prices';
import { VARIOUS_BRAND_SLUG } from '@linkhunt/contracts/limits';
import type { DuplicateProduct, OwnProduct } from '@linkhunt/contracts/product';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { useCategoryName } from '@linkhunt/shared-ui/components/category-card/category-name.ts';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { invalidateApi, queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { LANGUAGE_NAMES } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { sessionStore, useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FieldMessage } from '../../../components/FieldMessage.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { addTypedColours, coloursFromText, tidyColours } from '../../../lib/colour-list.ts';
import { type FormErrors, formErrorsOf, NO_ERRORS } from '../../../lib/form-errors.ts';
import { GeneralError } from '../../../components/GeneralError.tsx';
import { NAMESPACE } from '../../../register-locales.ts';
import { duplicateOf } from '../api/duplicate.ts';
import { EMPTY_PRODUCT, priceValues, type ProductValues, sendProduct } from '../api/send-product.ts';
import { useDraft } from '../hooks/use-draft.ts';
import { uploadSignature, useUploadKey } from '../hooks/use-upload-key.ts';
import { useGallery } from '../hooks/use-gallery.ts';
import { AgentLinkField } from './AgentLinkField.tsx';
import { ColourPicker, OTHER_COLOURS, useColourProblem } from './ColourPicker.tsx';
import { DuplicateNotice } from './DuplicateNotice.tsx';
import { PhotosField } from './PhotosField.tsx';
import { PriceField } from './PriceField.tsx';
import styles from './ProductForm.module.css';

/** The fields of the API's answers that are about the photos. */
const PHOTO_FIELDS = ['gallery', 'photos', 'image'];

interface Props {
  brands: Brand[];
  categories: Category[];
  /** The product being edited; none for a new one. */
  product: OwnProduct | null;
}

function valuesOf(product: OwnProduct): ProductValues {
  return {
    title: product.title,
    brand: product.brand.slug === VARIOUS_BRAND_SLUG ? '' : product.brand.slug,
    description: product.description,
    link_hacoo: product.link_hacoo,
    link_dhgate: product.link_dhgate ?? '',
    link_cnfans: product.link_cnfans ?? '',
    categories: product.categories.map((category) => category.slug),
    colors: tidyColours(product.colors),
    language: product.language,
    ...priceValues(product.price),
  };
}

/** A new product is taken to be written in the uploader's account language, else the page's; the form can change it. */
function newProductValues(accountLanguage: string | undefined, pageLanguage: string): ProductValues {
  const language = [accountLanguage, pageLanguage].find(isContentLanguage) ?? EMPTY_PRODUCT.language;
  return { ...EMPTY_PRODUCT, language };
}

/** A draft kept by the form's older version holds its colours as one comma-separated text. */
function reviveDraft(saved: Record<string, unknown>): Partial<ProductValues> {
  const { colors, ...rest } = saved;
  // A language or currency the form does not offer (a hand-edited draft) gives way to the form's own choice.
  if (!isContentLanguage(rest.language)) delete rest.language;
  if (!isCurrency(rest.price_currency)) delete rest.price_currency;
  if (typeof rest.price_amount !== 'string') delete rest.price_amount;
  if (typeof colors === 'string') return { ...(rest as Partial<ProductValues>), colors: coloursFromText(colors) };
  if (Array.isArray(colors)) return { ...(rest as Partial<ProductValues>), colors: tidyColours(colors.filter((colour) => typeof colour === 'string')) };
  return rest as Partial<ProductValues>;
}

/** Add or edit a product (spec section 5): multipart with a progress bar; the draft outlives failures and reloads. */
export function ProductForm({ brands, categories, product }: Props) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const categoryName = useCategoryName();
  const langPath = useLangPath();
  const navigate = useNavigate();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // Per user: somebody else signing in on this browser never finds another's draft.
  const userId = useSession((state) => state.user?.id ?? 0);
  const accountLanguage = useSession((state) => state.user?.language);
  const draftKey = `linkhunt.draft.product.${userId}.${product ? `edit.${product.slug}` : 'new'}`;
  const [values, update, clearDraft] = useDraft(draftKey, product ? valuesOf(product) : newProductValues(accountLanguage, i18n.language), reviveDraft);
  const uploadKey = useUploadKey(`${draftKey}.upload-key`);
  const gallery = useGallery(product?.photos ?? []);
  const [typedColours, setTypedColours] = useState('');
  const colourProblem = useColourProblem();
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [progress, setProgress] = useState(0);
  // The product already listed with one of the links sent (a 409), shown under that link's field.
  const [duplicate, setDuplicate] = useState<DuplicateProduct['existing'] | null>(null);

  const errorId = (field: string) => `${id}-${field}-error`;
  const textField = (name: 'title' | 'description' | 'link_hacoo' | 'link_dhgate' | 'link_cnfans') => ({
    name,
    label: t(`productForm.fields.${name}`),
    value: values[name],
    onChange: (value: string) => update({ [name]: value }),
    error: errors.fields[name],
  });
  const invalid = (field: string) =>
    errors.fields[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {};

  const { mutate, isPending: sending } = useMutation(
    {
      mutationFn: ({ sent, key }: { sent: ProductValues; key: string | null }) =>
        sendProduct(sent, gallery.entries, product?.id ?? null, setProgress, key),
      onSuccess: (saved) => {
        clearDraft();
        uploadKey.forget();
        bus.publish('product:uploaded', { productId: saved.id, slug: saved.slug });
        // The points of an upload show in the menu and the profile.
        void sessionStore.getState().check();
        toast.success(product ? t('productForm.saved') : t('productForm.uploaded'));
        void navigate(langPath(`/product/${saved.slug}`));
        // Its page, its links and every list it is in; the form's own reads (/brands, /categories) stay as they are.
        void invalidateApi('/products', '/brands/', '/categories/', '/users/', '/auth/products', '/auth/favs');
      },
      onError: (error) => {
        const listed = duplicateOf(error);
        if (listed) {
          // No toast: the card under the field is an alert, and the focus goes to the field it blames.
          setErrors({ fields: { [listed.existing.field]: listed.message }, general: null, toast: '' });
          setDuplicate(listed.existing);
          form.current?.querySelector<HTMLElement>(`[name="${listed.existing.field}"]`)?.focus();
          return;
        }
        // A refused session leaves the draft and the chosen image here for after the new sign-in.
        const found = formErrorsOf(error, t('productForm.failed'), t('form.sessionExpired'));
        setErrors(found);
        if (found.toast) toast.error(found.toast);
        const first = Object.keys(found.fields)[0];
        // The API names the photos `gallery`, `photos` or (the older single file) `image`: all are the photos' picker.
        const input = first && PHOTO_FIELDS.includes(first) ? 'photos' : first;
        if (input) form.current?.querySelector<HTMLElement>(`[name="${input}"]`)?.focus();
      },
    },
    queryClient(),
  );

  /** What the form itself refuses: the message beside its field, the focus on it, nothing sent. */
  const refuse = (field: string, message: string, input: string) => {
    setErrors({ fields: { [field]: message }, general: null, toast: '' });
    form.current?.querySelector<HTMLElement>(input)?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (values.categories.length === 0) return refuse('categories', t('productForm.categoriesRequired'), 'input[name="categories"]');
    // Colours typed but not added yet count: leaving them out would drop what the visitor sees in the box.
    const withTyped = addTypedColours(values.colors, typedColours);
    if (withTyped.problem) {
      return refuse('colors', colourProblem(withTyped.problem), `input[name="${withTyped.problem === 'tooLong' ? OTHER_COLOURS : 'colors'}"]`);
    }
    if (gallery.entries.length === 0) return refuse('gallery', t('photos.required'), 'input[name="photos"]');
    const sent = { ...values, colors: withTyped.colours };
    if (typedColours) {
      update({ colors: sent.colors });
      setTypedColours('');
    }
    setErrors(NO_ERRORS);
    setDuplicate(null);
    setProgress(0);
    // A new product: the same draft sent again (a retry) carries the same key, so it is created once.
    mutate({ sent, key: product ? null : uploadKey.keyFor(uploadSignature(sent, gallery.entries)) });
  };

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate>
      <GeneralError message={errors.general} />
      <TextField {...textField('title')} required maxLength={120} />
      <div className="field">
        <label htmlFor={`${id}-brand`}>{t('productForm.fields.brand')}</label>
        <select id={`${id}-brand`} name="brand" value={values.brand} onChange={(event) => update({ brand: event.target.value })} {...invalid('brand')}>
          <option value="">{t('productForm.noBrand')}</option>
          {brands
            // "No brand" above is the catalogue's "Various": listed once, in the page's language.
            .filter((brand) => brand.slug !== VARIOUS_BRAND_SLUG)
            .map((brand) => (
              <option key={brand.id} value={brand.slug}>
                {brand.name}
              </option>
            ))}
        </select>
        <FieldMessage id={errorId('brand')} message={errors.fields.brand} />
      </div>
      <TextField {...textField('description')} rows={5} required maxLength={5000} />
      <div className="field">
        <label htmlFor={`${id}-language`}>{t('productForm.fields.language')}</label>
        <select
          id={`${id}-language`}
          name="language"
          value={values.language}
          onChange={(event) => {
            if (isContentLanguage(event.target.value)) update({ language: event.target.value });
          }}
          aria-describedby={[`${id}-language-hint`, errors.fields.language && errorId('language')].filter(Boolean).join(' ')}
          {...(errors.fields.language && { 'aria-invalid': true as const })}
        >
          {CONTENT_LANGUAGES.map((language) => (
            // Each language by its own name, as the language menu shows them, marked so it is read in it.
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
        <p id={`${id}-language-hint`} className="field-hint">
          {t('productForm.languageHint')}
        </p>
        <FieldMessage id={errorId('language')} message={errors.fields.language} />
      </div>
      <TextField {...textField('link_hacoo')} type="url" required maxLength={2000} placeholder="https://">
        {duplicate?.field === 'link_hacoo' && <DuplicateNotice existing={duplicate} />}
      </TextField>
      <TextField {...textField('link_dhgate')} type="url" maxLength={2000} placeholder="https://">
        {duplicate?.field === 'link_dhgate' && <DuplicateNotice existing={duplicate} />}
      </TextField>
      <AgentLinkField {...textField('link_cnfans')}>
        {duplicate?.field === 'link_cnfans' && <DuplicateNotice existing={duplicate} />}
      </AgentLinkField>
      <PriceField
        amount={values.price_amount}
        currency={values.price_currency}
        onChange={update}
        errors={{ amount: errors.fields.price_amount, currency: errors.fields.price_currency }}
      />
      <fieldset className={styles.categories} {...invalid('categories')}>
        <legend>{t('productForm.fields.categories')}</legend>
        <div className={styles.options}>
          {categories.map((category) => (
            <label key={category.id} className={styles.option}>
              <input
                type="checkbox"
                name="categories"
                value={category.slug}
                checked={values.categories.includes(category.slug)}
                onChange={(event) =>
                  update({
                    categories: event.target.checked
                      ? [...values.categories, category.slug]
                      : values.categories.filter((slug) => slug !== category.slug),
                  })
                }
              />
              {categoryName(category.name)}
            </label>
          ))}
        </div>
        <FieldMessage id={errorId('categories')} message={errors.fields.categories} />
      </fieldset>
      <ColourPicker
        colours={values.colors}
        onChange={(colors) => update({ colors })}
        typed={typedColours}
        onTypedChange={setTypedColours}
        error={errors.fields.colors}
        errorId={errorId('colors')}
      />
      <PhotosField gallery={gallery} error={errors.fields.gallery ?? errors.fields.photos ?? errors.fields.image} />
      {sending && (
        <div className={styles.progress}>
          <label htmlFor={`${id}-progress`}>{t('productForm.uploading', { percent: Math.round(progress * 100) })}</label>
          <progress id={`${id}-progress`} max={1} value={progress} />
        </div>
      )}
      <Button type="submit" loading={sending}>
        {product ? t('productForm.save') : t('productForm.submit')}
      </Button>
    </form>
  );
}
