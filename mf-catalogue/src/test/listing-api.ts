import { fakeApi, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';

type Answer = Reply | Promise<Reply>;

interface PageApi {
  /** The page's owner, GET /categories/slug/… or /brands/slug/…: its URL and its answer. */
  ownerUrl: string;
  owner: Answer | (() => Answer);
  /** The answer to each GET /products… (its full URL, `&page=N` included). */
  listing: (url: string) => Answer;
}

/** A category's or brand's page: its owner, its listing, and a 404 for anything else. */
export function fakePageApi({ ownerUrl, owner, listing }: PageApi) {
  return fakeApi((request) => {
    const url = request.url ?? '';
    if (url === ownerUrl) return typeof owner === 'function' ? owner() : owner;
    if (url === '/products' || url.startsWith('/products?')) return listing(url);
    return { status: 404, data: { message: 'Not found' } };
  });
}
