import { describe, expect, it } from 'vitest';
import { isLinkQuery, linkSearchUrl, MAX_LINK_QUERY_LENGTH, searchApiUrl } from './link-query.ts';

const WEIDIAN = 'https://weidian.com/item.html?itemID=7233464590';
// An agent's link wrapping the marketplace's, encoded, with a referral code: well past the 100 characters words may have.
const KAKOBUY = `https://www.kakobuy.com/item/details?url=${encodeURIComponent(WEIDIAN)}&affcode=someone`;

describe('isLinkQuery', () => {
  it('takes agents’ and marketplaces’ links, with or without a scheme, spaces around them', () => {
    for (const link of [
      WEIDIAN,
      KAKOBUY,
      '  https://cnfans.com/product?id=7233464590&platform=WEIDIAN  ',
      'http://item.taobao.com/item.htm?id=123',
      'www.mulebuy.com/product?id=1&platform=TAOBAO',
      'weidian.com/item.html?itemID=7233464590',
      'detail.1688.com/offer/610494282930.html',
      'https://k.youshop10.com/AbCdEf',
    ]) {
      expect(isLinkQuery(link), link).toBe(true);
    }
  });

  it('leaves words, a bare domain and text around a link to the word search', () => {
    for (const words of ['sneakers', 'nike.com', 'air max 90', 'see https://weidian.com/item.html?itemID=1', 'https:// weidian', '', '1.5/2']) {
      expect(isLinkQuery(words), words).toBe(false);
    }
  });

  it('takes links up to the length the API searches by', () => {
    const start = 'https://weidian.com/item.html?itemID=1&x=';
    const at = `${start}${'a'.repeat(MAX_LINK_QUERY_LENGTH - start.length)}`;
    expect(at).toHaveLength(MAX_LINK_QUERY_LENGTH);
    expect(isLinkQuery(at)).toBe(true);
    expect(isLinkQuery(`${at}a`)).toBe(false);
  });
});

describe('linkSearchUrl', () => {
  it('puts the whole link in one path segment, every reserved character encoded', () => {
    expect(linkSearchUrl(` ${WEIDIAN} `)).toBe('/products/search/https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7233464590');
    const url = linkSearchUrl(`${KAKOBUY}#top`);
    expect(url.split('/')).toHaveLength(4);
    expect(url).not.toMatch(/[?&#]/);
    expect(decodeURIComponent(url.slice('/products/search/'.length))).toBe(`${KAKOBUY}#top`);
  });
});

describe('searchApiUrl', () => {
  it('searches a link by its item, and words in the listing, cut to the length the listing takes', () => {
    expect(searchApiUrl(KAKOBUY)).toBe(linkSearchUrl(KAKOBUY));
    expect(searchApiUrl('white sneakers')).toBe('/products?q=white+sneakers');
    expect(searchApiUrl(`${'a'.repeat(99)} bc`)).toBe(`/products?q=${'a'.repeat(99)}`);
  });
});
