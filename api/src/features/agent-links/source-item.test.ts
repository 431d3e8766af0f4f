import { describe, expect, it } from 'vitest';
import { BUYING_AGENTS, SOURCE_MARKETPLACES } from '@linkhunt/contracts/agents';
import { agents as libraryAgents, marketplaces as libraryMarketplaces } from 'cn-links';
import { agentLink, marketplaceLink, parseSourceItem, type SourceItem } from './source-item.js';

const WEIDIAN: SourceItem = { marketplace: 'weidian', id: '7233464590' };
const ids: Record<SourceItem['marketplace'], string> = { weidian: '7233464590', taobao: '652912066345', '1688': '610947572360' };
/** Referral and tracking parameters agents use: none may reach a link the site builds. */
const OTHERS_CODES = /[?&#](ref|affcode|inviteCode|partnercode|memberId|invitation_code|ra)=(?!1(&|$))/i;

describe('parseSourceItem and agentLink', () => {
  it("names the same agents and marketplaces as cn-links (contracts/agents lists them for clients)", () => {
    expect([...BUYING_AGENTS].sort()).toEqual([...libraryAgents].sort());
    expect([...SOURCE_MARKETPLACES, 'tmall'].sort()).toEqual([...libraryMarketplaces].sort());
  });


  it.each(BUYING_AGENTS.flatMap((agent) => SOURCE_MARKETPLACES.map((marketplace) => [agent, marketplace] as const)))(
    'reads back the %s link of a %s item it builds',
    (agent, marketplace) => {
      const item = { marketplace, id: ids[marketplace] };
      expect(parseSourceItem(agentLink(item, agent))).toEqual({ ok: true, item, from: agent });
    },
  );

  it.each(SOURCE_MARKETPLACES)('reads back the %s page of an item', (marketplace) => {
    const item = { marketplace, id: ids[marketplace] };
    expect(parseSourceItem(marketplaceLink(item))).toEqual({ ok: true, item, from: 'marketplace' });
  });

  it('reads marketplace links as people paste them: subdomains, mobile and list pages, tracking parameters', () => {
    for (const [link, item] of [
      ['https://shop1622368742.v.weidian.com/item.html?itemID=5418645465', { marketplace: 'weidian', id: '5418645465' }],
      ['https://item.taobao.com/item.htm?id=652912066345&spm=a21wu.10013406', { marketplace: 'taobao', id: '652912066345' }],
      ['https://m.intl.taobao.com/detail/detail.html?id=763706333392', { marketplace: 'taobao', id: '763706333392' }],
      ['https://detail.1688.com/offer/610947572360.html', { marketplace: '1688', id: '610947572360' }],
      ['https://detail.tmall.com/item.htm?id=674029285425', { marketplace: 'taobao', id: '674029285425' }],
      ['  https://weidian.com/item.html?itemID=7233464590  ', WEIDIAN],
    ] as const) {
      expect(parseSourceItem(link), link).toEqual({ ok: true, item, from: 'marketplace' });
    }
  });

  it('reads an inner link encoded once, twice, three times or not at all', () => {
    const inner = 'https://weidian.com/item.html?itemID=7233464590';
    let encoded = inner;
    for (let times = 0; times <= 3; times += 1) {
      expect(parseSourceItem(`https://www.kakobuy.com/item/details?url=${encoded}`), `${times} times`).toEqual({ ok: true, item: WEIDIAN, from: 'kakobuy' });
      encoded = encodeURIComponent(encoded);
    }
  });

  it('reads hash-routed agents', () => {
    const inner = encodeURIComponent(encodeURIComponent('https://weidian.com/item.html?itemID=7233464590'));
    expect(parseSourceItem(`https://www.sugargoo.com/#/home/productDetail?productLink=${inner}`)).toEqual({ ok: true, item: WEIDIAN, from: 'sugargoo' });
    expect(parseSourceItem('https://panglobalbuy.com/#/details?type=3&offerId=7233464590')).toEqual({ ok: true, item: WEIDIAN, from: 'panglobalbuy' });
  });

  it('reads parameter names and marketplace names in any case, with or without underscores', () => {
    for (const [link, from] of [
      ['https://weidian.com/item.html?itemId=7233464590', 'marketplace'],
      ['https://weidian.com/item.html?ITEMID=7233464590', 'marketplace'],
      ['https://mulebuy.com/product/?shoptype=weidian&id=7233464590', 'mulebuy'],
      ['https://mulebuy.com/product/?shop_type=WEIDIAN&id=7233464590', 'mulebuy'],
      ['https://cnfans.com/product?id=7233464590&platform=weidian', 'cnfans'],
      ['https://CNFANS.com/product?ID=7233464590&Platform=WEIDIAN', 'cnfans'],
    ] as const) {
      expect(parseSourceItem(link), link).toEqual({ ok: true, item: WEIDIAN, from });
    }
  });

  it("keeps nobody's referral code: only the source item survives a pasted link", () => {
    for (const link of [
      'https://www.hoobuy.com/product/2/7233464590?inviteCode=someone',
      'https://cnfans.com/product?id=7233464590&platform=WEIDIAN&ref=123456',
      'https://www.kakobuy.com/item/details?url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7233464590&affcode=someone',
      'https://www.superbuy.com/en/page/buy?from=search-input&url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7233464590&partnercode=someone',
    ]) {
      const parsed = parseSourceItem(link);
      expect(parsed, link).toMatchObject({ ok: true, item: WEIDIAN });
      for (const agent of BUYING_AGENTS) expect(agentLink(WEIDIAN, agent), agent).not.toMatch(OTHERS_CODES);
      expect(JSON.stringify(parsed)).not.toContain('someone');
    }
  });

  it("puts the site's own referral code in the link it builds", () => {
    expect(agentLink(WEIDIAN, 'kakobuy', 'linkhunt')).toContain('linkhunt');
    expect(agentLink(WEIDIAN, 'cnfans')).toBe('https://cnfans.com/product?id=7233464590&platform=WEIDIAN');
  });

  it('refuses a host that only contains an agent or marketplace name, and anything else that is not a known item', () => {
    for (const link of [
      'https://notcnfans.com/product?id=7233464590&platform=WEIDIAN',
      'https://cnfans.com.evil.example/product?id=7233464590&platform=WEIDIAN',
      'https://weidian.com.evil.example/item.html?itemID=7233464590',
      'https://kakobuy-deals.com/item/details?url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7233464590',
      'https://example.com/item.html?itemID=7233464590',
    ]) {
      expect(parseSourceItem(link), link).toEqual({ ok: false, reason: 'unsupported_host' });
    }
    expect(parseSourceItem('https://cnfans.com/')).toEqual({ ok: false, reason: 'not_an_item' });
    expect(parseSourceItem('https://weidian.com/?userid=1')).toEqual({ ok: false, reason: 'not_an_item' });
    for (const text of ['', 'weidian 7233464590', 'javascript:alert(1)', 'ftp://weidian.com/item.html?itemID=1']) {
      expect(parseSourceItem(text), text).toEqual({ ok: false, reason: 'not_a_link' });
    }
  });
});
