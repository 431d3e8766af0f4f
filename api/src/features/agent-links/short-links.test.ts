import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_USER_AGENT } from '../../config.js';
import { SHORT_LINK_ITEMS, startFakeShortLinks, type FakeShortLinks } from '../../test/fake-short-links.js';
import { publicOnlyDispatcher, type Resolver } from '../link-health/public-address.js';
import { firstItemIn, resolveShortLink } from './short-links.js';

let fake: FakeShortLinks;
beforeAll(async () => {
  fake = await startFakeShortLinks();
});
afterAll(() => fake.close());

const options = { allowlist: ['m.tb.cn', 'e.tb.cn'], timeoutMs: 1_000, userAgent: BROWSER_USER_AGENT };

describe('resolveShortLink', () => {
  it('never connects to a short host that resolves to a private or loopback address', async () => {
    const asked: string[] = [];
    const resolve: Resolver = async (hostname) => {
      asked.push(hostname);
      return [{ address: hostname === 'm.tb.cn' ? '127.0.0.1' : '10.0.0.7', family: 4 } satisfies LookupAddress];
    };
    const dispatcher = publicOnlyDispatcher({ resolve });
    try {
      const before = fake.requests.length;
      expect(await resolveShortLink(new URL('https://m.tb.cn/to-weidian'), { ...options, dispatcher })).toBeNull();
      expect(await resolveShortLink(new URL('https://e.tb.cn/to-weidian'), { ...options, dispatcher })).toBeNull();
      expect(asked).toEqual(['m.tb.cn', 'e.tb.cn']);
      expect(fake.requests.length).toBe(before);
    } finally {
      await dispatcher.destroy();
    }
  });

  it('fetches nothing off the allowlist, over http, on another port or with credentials', async () => {
    const before = fake.requests.length;
    for (const link of ['https://k.youshop10.com/to-weidian', 'http://m.tb.cn/to-weidian', 'https://m.tb.cn:8443/to-weidian', 'https://a:b@m.tb.cn/to-weidian']) {
      expect(await resolveShortLink(new URL(link), { ...options, dispatcher: fake.dispatcher }), link).toBeNull();
    }
    expect(fake.requests.length).toBe(before);
  });

  it('gives up within its time on a host that never answers', async () => {
    const started = performance.now();
    expect(await resolveShortLink(new URL('https://m.tb.cn/hang'), { ...options, timeoutMs: 200, dispatcher: fake.dispatcher })).toBeNull();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('firstItemIn', () => {
  it("reads the item from Taobao's share page script, escapes and entities undone, and skips links that name none", () => {
    const page = `<a href="https://www.taobao.com/">home</a><script>var url = 'https:\\/\\/item.taobao.com\\/item.htm?ut_sk=1&amp;id=${SHORT_LINK_ITEMS.taobao.id}';</script>`;
    expect(firstItemIn(page)).toEqual({ item: SHORT_LINK_ITEMS.taobao, from: 'marketplace' });
    expect(firstItemIn('<p>nothing here https://www.taobao.com/</p>')).toBeNull();
  });
});
