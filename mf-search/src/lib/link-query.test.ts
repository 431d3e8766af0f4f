import { MAX_QUERY_LENGTH } from '@linkhunt/shared-ui/features/listing/listing-params.ts';
import { describe, expect, it } from 'vitest';
import { isLinkQuery } from './link-query.ts';

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
    const at = `${start}${'a'.repeat(MAX_QUERY_LENGTH - start.length)}`;
    expect(MAX_QUERY_LENGTH).toBe(2000);
    expect(isLinkQuery(at)).toBe(true);
    expect(isLinkQuery(`${at}a`)).toBe(false);
  });
});
