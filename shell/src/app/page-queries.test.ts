import { listingSearch, readListingParams } from '@linkhunt/shared-ui/features/listing/listing-params.ts';
import { describe, expect, it } from 'vitest';
import { canonicalPageUrl, LISTING_PARAMS, PAGE_QUERIES, pageQueryOf } from './page-queries.ts';
import { REMOTE_ROUTES } from './remote-routes.ts';

describe('PAGE_QUERIES', () => {
  it('names only pages of the route table', () => {
    const paths = REMOTE_ROUTES.map(({ path }) => path);
    for (const path of Object.keys(PAGE_QUERIES)) expect(paths).toContain(path);
  });

  it('lists every parameter the listing pages read', () => {
    const all = new URLSearchParams('q=bolso&literal=true&sort=new&category=bags&brand=acme&platform=hacoo&color=black&min_rating=4');
    const read = new URLSearchParams(listingSearch(readListingParams(all)));
    expect([...new Set(read.keys())].sort()).toEqual([...LISTING_PARAMS].sort());
  });

  it('matches a path by its segments, parameters included', () => {
    expect(pageQueryOf('cat/sneakers').params).toBe(LISTING_PARAMS);
    expect(pageQueryOf('reset-password').private).toBe(true);
    expect(pageQueryOf('product/x').params).toEqual([]);
    expect(pageQueryOf('cat/sneakers/more').params).toEqual([]);
  });
});

describe('canonicalPageUrl', () => {
  it('keeps the parameters the page reads, in their declared order, and drops the rest', () => {
    expect(canonicalPageUrl('/es/index', '?z=1')).toEqual({ url: '/es/index', private: false });
    expect(canonicalPageUrl('/es/cat/bags', '?color=red&z=1&sort=new&color=blue').url).toBe('/es/cat/bags?sort=new&color=red&color=blue');
    expect(canonicalPageUrl('/es/user/ana', '?ref=share').url).toBe('/es/user/ana');
    expect(canonicalPageUrl('/en/verify-email', '?token=t&x=1')).toEqual({ url: '/en/verify-email?token=t', private: true });
  });
});
