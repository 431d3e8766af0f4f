import type { OwnProduct, Product, ProductSummary } from '@linkhunt/contracts/product';
import type { TokenResponse } from '@linkhunt/contracts/user';
import { multipartBody } from '../../../api/reliability/http-client.ts';
import { DEMO_USERS } from '../../../api/src/db/seed/demo-catalogue.ts';
import { noisePng } from '../../../tests-e2e/src/support/png.mjs';
import type { Answer, LoopbackClient } from './http.ts';

/** The demo seed's accounts (api/src/db/seed): verified, so they upload without the unverified account's cap. */
export const DEMO_USERNAMES = DEMO_USERS.map((user) => user.username);
/** Every demo account's password (api/src/db/seed/demo-seed.ts DEMO_PASSWORD). */
const DEMO_PASSWORD = 'linkhunt-demo';

export interface SignedIn {
  client: LoopbackClient;
  username: string;
  token: string;
}

/** Signs `username` in through `apiUrl` from the client's address. */
export async function signIn(client: LoopbackClient, apiUrl: string, username: string): Promise<SignedIn> {
  const answer = await client.send({ method: 'POST', url: `${apiUrl}/auth/login`, json: { email: `${username}@example.com`, password: DEMO_PASSWORD } });
  if (answer.status !== 200) throw new Error(`signing ${username} in answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  return { client, username, token: (JSON.parse(answer.text) as TokenResponse).token.accessToken };
}

let uploads = 0;
/** A product upload as the site's form sends it, with a picture of its own and a store link no other upload has. */
export async function uploadForm(title: string): Promise<{ body: Buffer; contentType: string }> {
  uploads += 1;
  const form = new FormData();
  form.set('title', title);
  form.set('description', `Subido por la prueba del clúster: ${title}. Talla normal, tejido cómodo.`);
  form.set('link_hacoo', `https://www.hacoo.com/product/cluster-${process.pid}-${Date.now()}-${uploads}`);
  form.append('categories[]', 'calzado');
  form.set('image', new Blob([new Uint8Array(noisePng(48, 48))], { type: 'image/png' }), 'foto.png');
  return multipartBody(form);
}

/** POST /products as `user` at `apiUrl`: the answer, and the product when it is 201. */
export async function upload(user: SignedIn, apiUrl: string, title: string): Promise<{ answer: Answer; product?: OwnProduct }> {
  const answer = await user.client.send({ method: 'POST', url: `${apiUrl}/products`, token: user.token, multipart: await uploadForm(title) });
  if (answer.status !== 201) return { answer };
  return { answer, product: (JSON.parse(answer.text) as { results: { data: OwnProduct } }).results.data };
}

/** A product as its page reads it (GET /products/slug/{slug}). */
export const productBySlug = (client: LoopbackClient, apiUrl: string, slug: string) =>
  client.data<Product>(`${apiUrl}/products/slug/${encodeURIComponent(slug)}`);

/** The newest products of the catalogue. */
export const recentProducts = (client: LoopbackClient, apiUrl: string) => client.data<ProductSummary[]>(`${apiUrl}/products/recents?per_page=50`);

/** Both sizes of a product's picture, as stored paths under /images/ (the row's image and thumbnail). */
export const imagePaths = (product: { image: string; thumbnail: string }) => [product.image, product.thumbnail];
