import { DEFAULT_AGENTS } from '@linkhunt/contracts/agents';
import type { ProductLinks } from '@linkhunt/contracts/product';
import { describe, expect, it } from 'vitest';
import { linksWithAgents, someLinks, WEIDIAN_ITEM } from '../../../test/fixtures.ts';
import { linkPlan, type OfferedLink } from './link-plan.ts';

/** "Open on Hacoo" / "Open in Kakobuy", as the buttons say it. */
const said = (links: OfferedLink[]) => links.map(({ kind, name }) => (kind === 'agent' ? `in ${name}` : `on ${name}`));

describe('linkPlan', () => {
  it('without a source item: Hacoo, CNFans, DHGate, as before, and no agents', () => {
    const plan = linkPlan(someLinks(), 'kakobuy', null);
    expect(said(plan.buttons)).toEqual(['on Hacoo', 'on CNFans', 'on DHGate']);
    expect(plan.buttons[1]?.href).toBe('https://cnfans.com/product/?id=456');
    expect(plan.moreAgents).toEqual([]);
    expect(plan.preferred).toBe(false);
  });

  it('from an API older than agent links: the CNFans link still shows', () => {
    const { agent_links: _a, marketplace_link: _m, ...older } = someLinks();
    expect(said(linkPlan(older, null, undefined).buttons)).toEqual(['on Hacoo', 'on CNFans', 'on DHGate']);
  });

  it('with no agent chosen: Hacoo first, the site’s first agent next, DHGate, the marketplace, then the other agents', () => {
    const plan = linkPlan(linksWithAgents(), null, WEIDIAN_ITEM);
    expect(said(plan.buttons)).toEqual(['on Hacoo', 'in CNFans', 'on DHGate', 'on Weidian']);
    expect(plan.buttons.map(({ href }) => href)).toEqual([
      'https://c.hacoo.app/item/123?ref=lh',
      'https://cnfans.test/item?shop_type=weidian&id=7233464590',
      'https://www.dhgate.com/product/789.html',
      'https://weidian.com/item.html?itemID=7233464590',
    ]);
    expect(plan.moreAgents.map(({ key }) => key)).toEqual(DEFAULT_AGENTS.slice(1));
    expect(plan.preferred).toBe(false);
  });

  it('with an agent chosen among the product’s: that agent first, then the stores and the marketplace; the rest in the site’s order', () => {
    const plan = linkPlan(linksWithAgents(), 'kakobuy', WEIDIAN_ITEM);
    expect(said(plan.buttons)).toEqual(['in Kakobuy', 'on Hacoo', 'on DHGate', 'on Weidian']);
    expect(plan.buttons[0]?.href).toBe('https://kakobuy.test/item?shop_type=weidian&id=7233464590');
    expect(plan.moreAgents.map(({ key }) => key)).toEqual(DEFAULT_AGENTS.filter((agent) => agent !== 'kakobuy'));
    expect(plan.preferred).toBe(true);
  });

  it('treats an agent the product is not offered at as no choice', () => {
    const plan = linkPlan(linksWithAgents(['cnfans', 'mulebuy']), 'pandabuy', WEIDIAN_ITEM);
    expect(said(plan.buttons)).toEqual(['on Hacoo', 'in CNFans', 'on DHGate', 'on Weidian']);
    expect(said(plan.moreAgents)).toEqual(['in Mulebuy']);
    expect(plan.preferred).toBe(false);
  });

  it('never shows the CNFans link beside the agent links, even when the site does not offer CNFans', () => {
    const plan = linkPlan(linksWithAgents(['kakobuy', 'mulebuy'], { link_dhgate: null }), null, WEIDIAN_ITEM);
    expect(said(plan.buttons)).toEqual(['on Hacoo', 'in Kakobuy', 'on Weidian']);
    expect(said(plan.moreAgents)).toEqual(['in Mulebuy']);
    expect([...plan.buttons, ...plan.moreAgents].some(({ href }) => href.startsWith('https://cnfans.com/'))).toBe(false);
  });

  it('needs the source item to name the marketplace’s link', () => {
    expect(said(linkPlan(linksWithAgents(['kakobuy']), 'kakobuy', null).buttons)).toEqual(['in Kakobuy', 'on Hacoo', 'on DHGate']);
  });

  it('applies the checker’s verdict on the source item to every agent’s link and the marketplace’s, and says when once', () => {
    const health = (state: 'ok' | 'gone'): ProductLinks['link_health'] => ({
      hacoo: { state: 'ok', checked_at: '2025-03-10T09:00:00Z' },
      dhgate: { state: 'unknown', checked_at: null },
      cnfans: { state, checked_at: '2025-03-11T09:00:00Z' },
    });
    const working = linkPlan(linksWithAgents(undefined, { link_health: health('ok') }), 'kakobuy', WEIDIAN_ITEM);
    expect(working.buttons.map(({ name, gone, verifiedAt }) => [name, gone, verifiedAt])).toEqual([
      ['Kakobuy', false, '2025-03-11T09:00:00Z'],
      ['Hacoo', false, '2025-03-10T09:00:00Z'],
      ['DHGate', false, null],
      ['Weidian', false, null],
    ]);
    expect(working.moreAgents.every(({ gone, verifiedAt }) => !gone && verifiedAt === null)).toBe(true);

    const gone = linkPlan(linksWithAgents(undefined, { link_health: health('gone') }), 'kakobuy', WEIDIAN_ITEM);
    expect(gone.buttons.map(({ name, gone }) => [name, gone])).toEqual([
      ['Kakobuy', true],
      ['Hacoo', false],
      ['DHGate', false],
      ['Weidian', true],
    ]);
    expect(gone.moreAgents.every((link) => link.gone)).toBe(true);
  });
});
