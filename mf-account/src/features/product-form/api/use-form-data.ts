import type { Brand } from '@linkhunt/contracts/brand';
import type { Category } from '@linkhunt/contracts/category';
import type { OwnProduct } from '@linkhunt/contracts/product';
import { getResults } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { useEffect, useState } from 'react';
import { findOwnProduct } from './find-own-product.ts';

export interface FormData {
  brands: Brand[];
  categories: Category[];
  product: OwnProduct | null;
}

export type FormDataState = { status: 'loading' } | { status: 'notFound' } | { status: 'error'; retry: () => void } | ({ status: 'ready' } & FormData);

/** What the form offers (brands by name, categories) and, to edit, the user's own product with its links. */
export function useFormData(slug: string | undefined): FormDataState {
  const [state, setState] = useState<{ key: string; value: FormDataState } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${slug ?? ''}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const retry = () => setAttempt((value) => value + 1);
    Promise.all([
      getResults<Brand[]>('/brands', { signal }),
      getResults<Category[]>('/categories', { signal }),
      slug ? findOwnProduct(slug, signal) : Promise.resolve(null),
    ]).then(
      ([brands, categories, product]) => {
        const sorted = [...brands].sort((a, b) => a.name.localeCompare(b.name));
        const value: FormDataState = slug && !product ? { status: 'notFound' } : { status: 'ready', brands: sorted, categories, product };
        setState({ key, value });
      },
      () => {
        if (!signal.aborted) setState({ key, value: { status: 'error', retry } });
      },
    );
    return () => controller.abort();
  }, [key, slug]);

  return state?.key === key ? state.value : { status: 'loading' };
}
