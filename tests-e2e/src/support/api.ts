import type { OwnProduct } from '@linkhunt/contracts/product';
import type { APIRequestContext } from '@playwright/test';
import { E2E_API_URL } from '../harness/stack.ts';
import { noisePng } from './png.mjs';

/** Logs in through the API and gives the bearer token. */
export async function apiToken(request: APIRequestContext, user: { email: string; password: string }): Promise<string> {
  const response = await request.post(`${E2E_API_URL}/auth/login`, { data: { email: user.email, password: user.password } });
  if (!response.ok()) throw new Error(`login of ${user.email} failed: ${response.status()}`);
  return (await response.json()).token.accessToken as string;
}

/** GET an API read and return its `results.data`. */
export async function apiData<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const response = await request.get(`${E2E_API_URL}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}`);
  return (await response.json()).results.data as T;
}

/** What an admin's hide carries: a statement of reasons the uploader reads. */
export const HIDE_STATEMENT = 'Hidden by the end-to-end suite: its store links were taken down.';

/** Hides a product as a moderator does (POST /admin/products/{id}/hide with a statement of reasons); the answer. */
export function hideProduct(request: APIRequestContext, id: number, token: string) {
  // Unavailable, not removed: said outright, since another suite may have left an illegal notice open on it.
  return request.post(`${E2E_API_URL}/admin/products/${id}/hide`, { headers: { authorization: `Bearer ${token}` }, data: { statement: HIDE_STATEMENT, illegal: false } });
}

let hacooIds = 0;
/**
 * A Hacoo product no upload of this run has listed: a second upload of one Hacoo product is a duplicate (409). The
 * worker's process id keeps two workers uploading in the same millisecond apart.
 */
export const freshHacooLink = () => `https://www.hacoo.com/product/${Date.now()}${process.pid}${String(++hacooIds).padStart(3, '0')}`;

/** Uploads a product with a Hacoo link of its own and a picture as `token`'s user, and gives it as "My products" lists it. */
export async function uploadProduct(request: APIRequestContext, token: string, product: { title: string; description: string }): Promise<OwnProduct> {
  const created = await request.post(`${E2E_API_URL}/products`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title: product.title,
      description: product.description,
      link_hacoo: freshHacooLink(),
      // Footwear, which no suite counts: catalogue, back-restores-list and discovery count their categories'
      // products while other suites upload theirs at the same time.
      'categories[]': 'calzado',
      image: { name: 'product.png', mimeType: 'image/png', buffer: noisePng(200, 200) },
    },
  });
  if (!created.ok()) throw new Error(`the upload of ${product.title} answered ${created.status()}`);
  const own = await apiData<OwnProduct[]>(request, '/auth/products?per_page=50', token);
  const found = own.find((p) => p.title === product.title);
  if (!found) throw new Error(`${product.title} is not among the uploader's products`);
  return found;
}

/**
 * Uploads a product with a gallery of three photos of their own shapes (the third marked QC, the first with alt
 * text) as `token`'s user, and gives it as "My products" lists it.
 */
export async function uploadProductWithGallery(request: APIRequestContext, token: string, title: string): Promise<OwnProduct> {
  const form = new FormData();
  form.append('title', title);
  form.append('description', 'Three photos, one of them from the agent’s warehouse.');
  form.append('link_hacoo', freshHacooLink());
  form.append('categories[]', 'calzado');
  for (const [name, width, height] of [['side.png', 240, 160], ['sole.png', 160, 240], ['warehouse.png', 200, 200]] as const) {
    form.append('photos', new Blob([new Uint8Array(noisePng(width, height))], { type: 'image/png' }), name);
  }
  form.append('gallery', JSON.stringify([{ upload: 0, alt: 'Side view' }, { upload: 1 }, { upload: 2, qc: true }]));
  const created = await request.post(`${E2E_API_URL}/products`, { headers: { authorization: `Bearer ${token}` }, multipart: form });
  if (!created.ok()) throw new Error(`the upload of ${title} answered ${created.status()}`);
  const own = await apiData<OwnProduct[]>(request, '/auth/products?per_page=50', token);
  const found = own.find((p) => p.title === title);
  if (!found) throw new Error(`${title} is not among the uploader's products`);
  return found;
}
