import { ListingQuery } from '@linkhunt/contracts/schemas/listing';
import { MAX_FILTER_VALUES } from '@linkhunt/contracts/listing';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount, effectiveSort, EMPTY_LISTING_PARAMS, type ListingParams, listingApiUrl, listingSearch, MAX_QUERY_LENGTH, readListingParams,
} from './listing-params.ts';

const read = (query: string) => readListingParams(new URLSearchParams(query));
const params = (overrides: Partial<ListingParams>): ListingParams => ({ ...EMPTY_LISTING_PARAMS, ...overrides });

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

/** The few JSON Schema keywords ListingQuery uses, checked as the API's validator does. */
function fits(schema: Schema, value: unknown): boolean {
  if (schema.anyOf) return schema.anyOf.some((option) => fits(option, value));
  if (schema.const !== undefined && value !== schema.const) return false;
  if (schema.type === 'array') {
    return Array.isArray(value) && value.length <= (schema.maxItems ?? Infinity) && value.every((item) => schema.items === undefined || fits(schema.items, item));
  }
  if (schema.type === 'string') {
    const length = typeof value === 'string' ? [...value].length : -1;
    return length >= (schema.minLength ?? 0) && length <= (schema.maxLength ?? Infinity);
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const number = value as number;
    return (schema.type === 'number' ? Number.isFinite(number) : Number.isInteger(number)) && number >= (schema.minimum ?? -Infinity) && number <= (schema.maximum ?? Infinity);
  }
  return true;
}

/** Whether the API's query schema (ListingQuery itself) takes a URL's query, read as Fastify reads it. */
function acceptedByApi(url: string): boolean {
  const search = new URLSearchParams(url.split('?')[1] ?? '');
  const properties = (ListingQuery as Schema).properties ?? {};
  return [...new Set(search.keys())].every((key) => {
    const schema = properties[key];
    if (!schema) return false;
    const values = search.getAll(key);
    const numeric = schema.type === 'integer' || schema.type === 'number';
    const value = schema.type === 'array' ? values : numeric ? Number(values[0]) : values[0];
    return values.length === 1 || schema.type === 'array' ? fits(schema, value) : false;
  });
}

describe('readListingParams', () => {
  it('reads every filter, the query and the order', () => {
    expect(read('q=zapatillas&category=calzado&brand=nike&brand=adidas&platform=hacoo&color=black&min_rating=4&sort=popular')).toEqual({
      q: 'zapatillas',
      category: ['calzado'],
      brand: ['nike', 'adidas'],
      platform: ['hacoo'],
      color: ['black'],
      minRating: 4,
      priceMin: null,
      priceMax: null,
      currency: null,
      sort: 'popular',
    });
  });

  it('reads a price range in its currency, with a comma or a dot, the right way round', () => {
    expect(read('price_min=10&price_max=25,5&currency=USD')).toMatchObject({ priceMin: 10, priceMax: 25.5, currency: 'USD' });
    expect(read('price_min=80&price_max=20')).toMatchObject({ priceMin: 20, priceMax: 80, currency: null });
    // Not an amount (or past what a price may be), not a bound; an unknown currency, none.
    expect(read('price_min=-5&price_max=1e3&currency=BTC')).toMatchObject({ priceMin: null, priceMax: null, currency: null });
    expect(read('price_min=12.345&price_max=1000000')).toMatchObject({ priceMin: null, priceMax: null });
    expect(read('price_max=999999.99')).toMatchObject({ priceMax: 999999.99 });
  });

  it('is empty for an empty query', () => {
    expect(read('')).toEqual(EMPTY_LISTING_PARAMS);
  });

  it('drops what the API would refuse', () => {
    expect(read('platform=amazon&platform=cnfans&sort=cheapest&min_rating=9&brand=&category=%20')).toEqual(params({ platform: ['cnfans'] }));
    for (const rating of ['0', '6', '4.5', 'four', '-1', '']) expect(read(`min_rating=${rating}`).minRating, rating).toBeNull();
    expect(read('min_rating=1').minRating).toBe(1);
    expect(read(`brand=${'b'.repeat(201)}&color=${'c'.repeat(41)}`)).toEqual(EMPTY_LISTING_PARAMS);
  });

  it('drops relevance when there are no words to match', () => {
    expect(read('sort=relevance').sort).toBeNull();
    expect(read('sort=relevance&q=%20%20').sort).toBeNull();
    expect(read('sort=relevance&q=gorra').sort).toBe('relevance');
  });

  it('drops repeated values and keeps at most MAX_FILTER_VALUES of each filter', () => {
    const many = Array.from({ length: 100 }, (_, index) => `brand=b${index}&brand=b${index}`).join('&');
    const { brand } = read(many);
    expect(brand).toHaveLength(MAX_FILTER_VALUES);
    expect(brand.slice(0, 3)).toEqual(['b0', 'b1', 'b2']);
    expect(read('platform=hacoo&platform=hacoo').platform).toEqual(['hacoo']);
  });

  it('names a known colour by its key in any language, once, and keeps other names as typed', () => {
    expect(read('color=Negro&color=black&color=schwarz&color=Sky%20blue&color=Verde%20agua').color).toEqual(['black', 'sky-blue', 'Verde agua']);
    expect(read('color=verde%20agua&color=Verde%20Agua').color).toEqual(['verde agua']);
  });

  it('trims the query and cuts it to the API length, never in the middle of a character', () => {
    expect(read('q=%20%20gorra%20roja%20').q).toBe('gorra roja');
    expect(read(`q=${'a'.repeat(MAX_QUERY_LENGTH + 50)}`).q).toHaveLength(MAX_QUERY_LENGTH);
    // A pasted agent link, well past the words' hundred characters, is kept whole.
    const link = `https://www.kakobuy.com/item/details?url=${encodeURIComponent('https://weidian.com/item.html?itemID=7233464590')}&affcode=someone`;
    expect(read(new URLSearchParams({ q: link }).toString()).q).toBe(link);
    const q = read(`q=${'a'.repeat(MAX_QUERY_LENGTH - 1)}${encodeURIComponent('😀')}`).q;
    expect(q).toBe('a'.repeat(MAX_QUERY_LENGTH - 1));
  });

  it('never builds an API URL the API refuses, whatever the page URL held', () => {
    const crafted = [
      `q=${'x'.repeat(MAX_QUERY_LENGTH + 500)}&sort=relevance&min_rating=9&${Array.from({ length: 100 }, (_, i) => `color=c${i}&brand=b${i}&category=c${i}&platform=hacoo`).join('&')}`,
      'sort=rating&min_rating=5&platform=dhgate&platform=cnfans&platform=hacoo&platform=x',
      'sort=relevance&color=&brand=%20&min_rating=3.0',
      'sort=price_desc&price_min=-1&price_max=99999999999&currency=XXX',
      'sort=price_asc&price_min=5&price_max=1&currency=GBP',
    ];
    // The check itself refuses what the API refuses.
    for (const refused of ['min_rating=9', 'platform=amazon', 'sort=cheapest', 'price_min=-1', 'price_max=1000000', 'currency=BTC', 'brand=', `q=${'x'.repeat(MAX_QUERY_LENGTH + 1)}`, Array.from({ length: 21 }, (_, i) => `color=c${i}`).join('&')]) {
      expect(acceptedByApi(`/products?${refused}`), refused).toBe(false);
    }
    for (const query of crafted) {
      const url = listingApiUrl(read(query), { category: 'gorras' });
      expect(acceptedByApi(url), url).toBe(true);
    }
  });
});

describe('listingSearch', () => {
  it('is empty when nothing is chosen', () => {
    expect(listingSearch(EMPTY_LISTING_PARAMS)).toBe('');
  });

  it('writes the parameters in one order, values sorted, whatever order they were chosen in', () => {
    const chosen = params({
      q: 'gorra roja',
      sort: 'popular',
      category: ['gorras', 'accesorios'],
      brand: ['nike'],
      platform: ['cnfans', 'hacoo'],
      color: ['red', 'black'],
      minRating: 3,
    });
    expect(listingSearch(chosen)).toBe(
      '?q=gorra+roja&sort=popular&category=accesorios&category=gorras&brand=nike&platform=hacoo&platform=cnfans&color=black&color=red&min_rating=3',
    );
  });

  it('leaves out the default order for the query', () => {
    expect(listingSearch(params({ sort: 'new' }))).toBe('');
    expect(listingSearch(params({ q: 'gorra', sort: 'relevance' }))).toBe('?q=gorra');
    expect(listingSearch(params({ q: 'gorra', sort: 'new' }))).toBe('?q=gorra&sort=new');
    expect(listingSearch(params({ sort: 'relevance' }))).toBe('');
  });

  it('names the range’s currency only with a bound, and not when it is the base', () => {
    expect(listingSearch(params({ currency: 'USD' }))).toBe('');
    expect(listingSearch(params({ priceMin: 10, currency: 'EUR' }))).toBe('?price_min=10');
    expect(listingSearch(params({ priceMax: 40.5, currency: 'CNY', sort: 'price_asc' }))).toBe('?sort=price_asc&price_max=40.5&currency=CNY');
  });

  it('round-trips through readListingParams', () => {
    const search = '?q=gorra&sort=price_desc&brand=adidas&brand=nike&platform=dhgate&color=sky-blue&min_rating=2&price_min=5&price_max=50&currency=GBP';
    expect(listingSearch(readListingParams(new URLSearchParams(search)))).toBe(search);
  });

  it('round-trips the older orders too', () => {
    const search = '?q=gorra&sort=rating&brand=adidas&brand=nike&platform=dhgate&color=sky-blue&min_rating=2';
    expect(listingSearch(readListingParams(new URLSearchParams(search)))).toBe(search);
  });
});

describe('listingApiUrl', () => {
  it('asks GET /products in the canonical order', () => {
    expect(listingApiUrl(EMPTY_LISTING_PARAMS)).toBe('/products');
    expect(listingApiUrl(params({ q: 'gorra', color: ['red'], sort: 'rating' }))).toBe('/products?q=gorra&sort=rating&color=red');
  });

  it("applies the page's own category or brand in place of any the URL named", () => {
    const chosen = params({ category: ['bolsos'], brand: ['nike', 'adidas'], minRating: 4 });
    expect(listingApiUrl(chosen, { category: 'gorras' })).toBe('/products?category=gorras&brand=adidas&brand=nike&min_rating=4');
    expect(listingApiUrl(chosen, { brand: 'puma' })).toBe('/products?category=bolsos&brand=puma&min_rating=4');
  });

  it('is the same string for the same list, so the prefetched answer is found again', () => {
    const one = readListingParams(new URLSearchParams('brand=nike&platform=hacoo&brand=adidas'));
    const other = readListingParams(new URLSearchParams('platform=hacoo&brand=adidas&brand=nike'));
    expect(listingApiUrl(one, { category: 'gorras' })).toBe(listingApiUrl(other, { category: 'gorras' }));
  });
});

describe('effectiveSort and activeFilterCount', () => {
  it('gives the order in use and how many filters apply', () => {
    expect(effectiveSort(params({}))).toBe('new');
    expect(effectiveSort(params({ q: 'gorra' }))).toBe('relevance');
    expect(effectiveSort(params({ q: 'gorra', sort: 'popular' }))).toBe('popular');
    expect(activeFilterCount(params({ q: 'gorra', sort: 'popular' }))).toBe(0);
    expect(activeFilterCount(params({ brand: ['a', 'b'], platform: ['hacoo'], minRating: 4 }))).toBe(4);
    expect(activeFilterCount(params({ priceMin: 5, priceMax: 10 }))).toBe(1);
  });
});
