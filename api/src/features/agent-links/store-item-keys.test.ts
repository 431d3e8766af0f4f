import { describe, expect, it } from 'vitest';
import { dhgateItemKey, hacooItemKey } from './store-item-keys.js';

describe('store item keys', () => {
  it('gives two links to one Hacoo product the same key, whatever the host, path spelling or tracking', () => {
    const key = hacooItemKey('https://www.hacoo.com/product/123456789');
    expect(key).toBe('hacoo:123456789');
    expect(hacooItemKey('https://hacoo.com/product/123456789?ref=abc&utm_source=x')).toBe(key);
    expect(hacooItemKey('https://m.saramart.com/goods/123456789.html')).toBe(key);
    expect(hacooItemKey('https://www.hacoo.com/detail?goods_id=123456789')).toBe(key);
    expect(hacooItemKey('https://www.hacoo.com/product/123456780')).not.toBe(key);
  });

  it('keys a share link without an id by its host and path, keeping the token as written', () => {
    expect(hacooItemKey('https://hacoo.app.link/AbCdEf12345?x=1')).toBe('link:hacoo.app.link/AbCdEf12345');
    expect(hacooItemKey('https://hacoo.app.link/abcdef12345')).not.toBe(hacooItemKey('https://hacoo.app.link/AbCdEf12345'));
  });

  it('reads DHGate item codes from the path or the query', () => {
    const key = dhgateItemKey('https://www.dhgate.com/product/red-boots/912345678.html');
    expect(key).toBe('dhgate:912345678');
    expect(dhgateItemKey('https://m.dhgate.com/product/another-title/912345678.html#reviews')).toBe(key);
    expect(dhgateItemKey('https://www.dhgate.com/goods?itemcode=912345678')).toBe(key);
    expect(dhgateItemKey('https://dhgate.to/xYz')).toBe('link:dhgate.to/xYz');
    expect(dhgateItemKey(null)).toBeNull();
    expect(dhgateItemKey('')).toBeNull();
  });
});
