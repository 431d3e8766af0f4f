import { AGENT_NAMES, type BuyingAgent, DEFAULT_AGENTS, PREFERRED_AGENT_STORAGE_KEY } from '@linkhunt/contracts/agents';
import type { LinkState, StoreLinkHealth } from '@linkhunt/contracts/link-health';
import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { preferredAgentStore } from '@linkhunt/shared-ui/features/preferred-agent/preferred-agent-store.ts';
import { results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { renderOnServerThenHydrate } from '@linkhunt/shared-ui/test/hydrate.tsx';
import { TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeRoutes, SERVER_ERROR } from '../../../test/api.ts';
import { linksWithAgents, someLinks, WEIDIAN_ITEM } from '../../../test/fixtures.ts';
import { renderLoaded, settle } from '../../../test/render.tsx';
import { resetState } from '../../../test/state.ts';
import { GetLink } from './GetLink.tsx';

const LINKS_CALL = 'GET /products/1';
const WITH_AD: SiteConfig = { apiUrl: TEST_API_URL, ads: { scriptHost: 'https://ads.test', keys: { '320x50': 'k' } } };
const WITHOUT_AD: SiteConfig = { apiUrl: TEST_API_URL };

const realMatchMedia = window.matchMedia;

/** A phone: a coarse pointer on a screen narrower than the desktop breakpoint. */
function beAPhone() {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: query === '(pointer: coarse)',
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

type Health = { link_state: LinkState; links_checked_at: string | null };
const NOT_JUDGED: Health = { link_state: 'unknown', links_checked_at: null };
const NOT_JUDGED_LINK: StoreLinkHealth = { state: 'unknown', checked_at: null };

async function renderGetLink(siteConfig: SiteConfig = WITHOUT_AD, health: Health = NOT_JUDGED) {
  const onDownloads = vi.fn();
  const view = await renderLoaded(<GetLink productId={1} health={health} onDownloads={onDownloads} />, { siteConfig });
  return { ...view, onDownloads };
}

const dialog = () => screen.getByRole('dialog', { name: 'Get the store links' });
const timer = () => screen.getByRole('timer').textContent;
/** Moves the countdown's clock on, letting React commit what follows. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

// Only the countdown's clock is faked: user-event, the fake API and Testing Library keep their real timers.
beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
afterEach(() => {
  resetState();
  window.matchMedia = realMatchMedia;
  vi.restoreAllMocks();
});

describe('GetLink', () => {
  it('opens the dialog offering the ad, and Cancel closes it without asking for the links', async () => {
    const api = fakeRoutes({ [LINKS_CALL]: results(someLinks()) });
    const { user } = await renderGetLink();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Get the link' }));
    expect(within(dialog()).getByText('Watch a short ad to get the links to this product. Ads keep Linkhunt free for everyone.')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Watch the ad' })).toBeTruthy();

    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await wait(10_000);
    await settle();
    expect(api.calls()).toEqual([]);
  });

  it('without an ad configured, counts 2 seconds down and only then asks for the links, once', async () => {
    const api = fakeRoutes({ [LINKS_CALL]: results(someLinks()) });
    const { user, onDownloads } = await renderGetLink(WITHOUT_AD);
    await user.click(screen.getByRole('button', { name: 'Get the link' }));
    await user.click(screen.getByRole('button', { name: 'Watch the ad' }));

    expect(timer()).toBe('Your links are ready in 2 seconds…');
    expect(within(dialog()).queryByRole('complementary', { name: 'Advertisement' })).toBeNull();
    expect(within(dialog()).queryByRole('button', { name: 'Watch the ad' })).toBeNull();
    await wait(1000);
    expect(timer()).toBe('Your links are ready in 1 second…');
    await settle();
    expect(api.calls()).toEqual([]);

    await wait(1000);
    expect(await within(dialog()).findByRole('link', { name: 'Open on Hacoo' })).toBeTruthy();
    expect(api.calls()).toEqual([LINKS_CALL]);
    expect(onDownloads).toHaveBeenCalledExactlyOnceWith(43);
    await wait(10_000);
    await settle();
    expect(api.calls()).toEqual([LINKS_CALL]);
  });

  it('with an ad configured, shows the 320x50 banner for 5 seconds before asking for the links', async () => {
    const api = fakeRoutes({ [LINKS_CALL]: results(someLinks()) });
    const { user } = await renderGetLink(WITH_AD);
    await user.click(screen.getByRole('button', { name: 'Get the link' }));
    await user.click(screen.getByRole('button', { name: 'Watch the ad' }));

    const ad = within(dialog()).getByRole('complementary', { name: 'Advertisement' });
    expect(ad.getAttribute('data-ad-format')).toBe('320x50');
    const frame = within(ad).getByTitle('Advertisement');
    expect(frame.getAttribute('width')).toBe('320');
    expect(frame.getAttribute('height')).toBe('50');
    const frameUrl = new URL(frame.getAttribute('src') ?? '', 'http://site.test');
    expect([frameUrl.pathname, frameUrl.searchParams.get('host'), frameUrl.searchParams.get('key')]).toEqual(['/ad-frame.html', 'https://ads.test', 'k']);
    expect(timer()).toBe('Your links are ready in 5 seconds…');

    await wait(4000);
    expect(timer()).toBe('Your links are ready in 1 second…');
    await settle();
    expect(api.calls()).toEqual([]);

    await wait(1000);
    expect(await within(dialog()).findByRole('link', { name: 'Open on Hacoo' })).toBeTruthy();
    expect(api.calls()).toEqual([LINKS_CALL]);
  });

  it('opens a new tab per store the product is sold on, in the order Hacoo, CNFans, DHGate', async () => {
    fakeRoutes({ [LINKS_CALL]: results(someLinks({ link_dhgate: null })) });
    const { user } = await renderGetLink();
    await user.click(screen.getByRole('button', { name: 'Get the link' }));
    await user.click(screen.getByRole('button', { name: 'Watch the ad' }));
    await wait(2000);

    const ready = await within(dialog()).findByText('Here are the store links. They open in a new tab.');
    expect(ready.getAttribute('role')).toBe('status');
    const links = within(dialog()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')])).toEqual([
      ['Open on Hacoo', 'https://c.hacoo.app/item/123?ref=lh', '_blank', 'noopener noreferrer'],
      ['Open on CNFans', 'https://cnfans.com/product/?id=456', '_blank', 'noopener noreferrer'],
    ]);
    expect(within(dialog()).queryByRole('link', { name: 'Open on DHGate' })).toBeNull();
    expect(within(dialog()).queryByRole('link', { name: 'Open in the Hacoo app' })).toBeNull();

    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a DHGate button when the product has a DHGate link', async () => {
    fakeRoutes({ [LINKS_CALL]: results(someLinks({ link_cnfans: null })) });
    const { user } = await renderGetLink();
    await user.click(screen.getByRole('button', { name: 'Get the link' }));
    await user.click(screen.getByRole('button', { name: 'Watch the ad' }));
    await wait(2000);
    const dhgate = await within(dialog()).findByRole('link', { name: 'Open on DHGate' });
    expect(dhgate.getAttribute('href')).toBe('https://www.dhgate.com/product/789.html');
    expect(within(dialog()).getAllByRole('link').map((link) => link.textContent)).toEqual(['Open on Hacoo', 'Open on DHGate']);
  });

  it('offers to open the Hacoo link in the app on an Android phone', async () => {
    beAPhone();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile');
    fakeRoutes({ [LINKS_CALL]: results(someLinks()) });
    const { user } = await renderGetLink();
    await user.click(screen.getByRole('button', { name: 'Get the link' }));
    await user.click(screen.getByRole('button', { name: 'Watch the ad' }));
    await wait(2000);
    const app = await within(dialog()).findByRole('link', { name: 'Open in the Hacoo app' });
    expect(app.getAttribute('href')).toBe(
      'intent://c.hacoo.app/item/123?ref=lh#Intent;scheme=https;action=android.intent.action.VIEW;' +
        `S.browser_fallback_url=${encodeURIComponent('https://c.hacoo.app/item/123?ref=lh')};end`,
    );
    expect(app.getAttribute('target')).toBeNull();
  });

  it('says so when the product is no longer available (410)', async () => {
    fakeRoutes({ [LINKS_CALL]: { status: 410, data: { message: 'Gone' } } });
    const { user, onDownloads } = await renderGetLink();
    await user.click(screen.getByRole('button', { name: 'Get the link' }));
    await user.click(screen.getByRole('button', { name: 'Watch the ad' }));
    await wait(2000);
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('This product is no longer available.');
    expect(within(dialog()).queryByRole('link')).toBeNull();
    expect(within(dialog()).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(onDownloads).not.toHaveBeenCalled();
  });

  it('offers to try again when the links could not be loaded, and asks again', async () => {
    let failures = 1;
    const api = fakeRoutes({ [LINKS_CALL]: () => (failures-- > 0 ? SERVER_ERROR : results(someLinks({ downloads: 50 }))) });
    const { user, onDownloads } = await renderGetLink();
    await user.click(screen.getByRole('button', { name: 'Get the link' }));
    await user.click(screen.getByRole('button', { name: 'Watch the ad' }));
    await wait(2000);

    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'The links could not be loaded. Check your connection and try again.',
    );
    expect(onDownloads).not.toHaveBeenCalled();
    await user.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog()).findByRole('link', { name: 'Open on Hacoo' })).toBeTruthy();
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    expect(api.calls()).toEqual([LINKS_CALL, LINKS_CALL]);
    expect(onDownloads).toHaveBeenCalledExactlyOnceWith(50);
  });

  it('starts over with the ad when the dialog is opened again', async () => {
    const api = fakeRoutes({ [LINKS_CALL]: results(someLinks()) });
    const { user } = await renderGetLink();
    await user.click(screen.getByRole('button', { name: 'Get the link' }));
    await user.click(screen.getByRole('button', { name: 'Watch the ad' }));
    await wait(1000);
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await wait(5000);
    await settle();
    expect(api.calls()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Get the link' }));
    expect(within(dialog()).getByRole('button', { name: 'Watch the ad' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  describe('counting a download', () => {
    const COUNT_CALL = 'POST /products/1/downloads';
    const counted = (downloads: number) => results({ id: 1, downloads, counted: true });

    async function showLinks(routes: Parameters<typeof fakeRoutes>[0]) {
      const api = fakeRoutes({ [LINKS_CALL]: results(someLinks()), ...routes });
      const view = await renderGetLink();
      await view.user.click(screen.getByRole('button', { name: 'Get the link' }));
      await view.user.click(screen.getByRole('button', { name: 'Watch the ad' }));
      await wait(2000);
      await within(dialog()).findByRole('link', { name: 'Open on Hacoo' });
      return { ...view, api };
    }

    it('counts nothing for showing the links: only opening one sends the count, once, and the new count is shown', async () => {
      const { api, onDownloads } = await showLinks({ [COUNT_CALL]: counted(44) });
      await settle();
      expect(api.calls()).toEqual([LINKS_CALL]);
      expect(onDownloads).toHaveBeenCalledExactlyOnceWith(43);

      // The link's own navigation goes ahead: its default is not prevented.
      expect(fireEvent.click(within(dialog()).getByRole('link', { name: 'Open on Hacoo' }))).toBe(true);
      await vi.waitFor(() => expect(onDownloads).toHaveBeenLastCalledWith(44));
      expect(api.calls()).toEqual([LINKS_CALL, COUNT_CALL]);
      expect(api.requests.at(-1)?.data).toBeUndefined();

      // Opening another store's link is the same download.
      fireEvent.click(within(dialog()).getByRole('link', { name: 'Open on CNFans' }));
      await settle();
      expect(api.calls()).toEqual([LINKS_CALL, COUNT_CALL]);
    });

    it('counts a link opened from the keyboard or with the middle button', async () => {
      const { api, user } = await showLinks({ [COUNT_CALL]: counted(44) });
      within(dialog()).getByRole('link', { name: 'Open on CNFans' }).focus();
      await user.keyboard('{Enter}');
      await vi.waitFor(() => expect(api.calls()).toEqual([LINKS_CALL, COUNT_CALL]));

      await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
      await user.click(screen.getByRole('button', { name: 'Get the link' }));
      await user.click(screen.getByRole('button', { name: 'Watch the ad' }));
      await wait(2000);
      const hacoo = await within(dialog()).findByRole('link', { name: 'Open on Hacoo' });
      fireEvent(hacoo, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
      await vi.waitFor(() => expect(api.calls().filter((call) => call === COUNT_CALL)).toHaveLength(2));
      // A right click (the context menu) opens nothing by itself.
      fireEvent(hacoo, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 2 }));
      await settle();
      expect(api.calls().filter((call) => call === COUNT_CALL)).toHaveLength(2);
    });

    it('counts the Hacoo app link on a phone too', async () => {
      beAPhone();
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile');
      const { api } = await showLinks({ [COUNT_CALL]: counted(44) });
      // This link opens in the same tab, a navigation jsdom cannot make: stopped once the page has seen the click.
      document.addEventListener('click', (event) => event.preventDefault(), { once: true });
      fireEvent.click(within(dialog()).getByRole('link', { name: 'Open in the Hacoo app' }));
      await vi.waitFor(() => expect(api.calls()).toEqual([LINKS_CALL, COUNT_CALL]));
    });

    it('keeps the links working when the count fails, says nothing, and tries again on the next opening', async () => {
      let failures = 1;
      const { api, onDownloads } = await showLinks({ [COUNT_CALL]: () => (failures-- > 0 ? SERVER_ERROR : counted(44)) });
      const hacoo = within(dialog()).getByRole('link', { name: 'Open on Hacoo' });
      expect(fireEvent.click(hacoo)).toBe(true);
      await vi.waitFor(() => expect(api.calls()).toEqual([LINKS_CALL, COUNT_CALL]));
      // The failed answer changes nothing on the page.
      await settle();
      expect(within(dialog()).queryByRole('alert')).toBeNull();
      expect(hacoo.getAttribute('href')).toBe('https://c.hacoo.app/item/123?ref=lh');
      expect(onDownloads).toHaveBeenCalledExactlyOnceWith(43);

      fireEvent.click(hacoo);
      await vi.waitFor(() => expect(onDownloads).toHaveBeenLastCalledWith(44));
      expect(api.calls()).toEqual([LINKS_CALL, COUNT_CALL, COUNT_CALL]);
    });
  });

  describe('focus', () => {
    const getLink = () => screen.getByRole('button', { name: 'Get the link' });
    /** What showModal() does in a browser and jsdom's stand-in does not: focus moves into the dialog. */
    const focusInside = () => act(() => within(dialog()).getByRole('button', { name: 'Close' }).focus());

    it('goes back to "Get the link" when Escape closes the dialog', async () => {
      fakeRoutes({});
      const { user } = await renderGetLink();
      await user.click(getLink());
      focusInside();
      fireEvent(document.querySelector('dialog') as HTMLDialogElement, new Event('cancel', { cancelable: true }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(getLink());
    });

    it('goes back to "Get the link" when Cancel closes the dialog', async () => {
      fakeRoutes({});
      const { user } = await renderGetLink();
      await user.click(getLink());
      await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(getLink());
    });

    it('goes back to "Get the link" when the close button closes the dialog, during the countdown too', async () => {
      fakeRoutes({});
      const { user } = await renderGetLink();
      await user.click(getLink());
      await user.click(within(dialog()).getByRole('button', { name: 'Watch the ad' }));
      await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(getLink());
    });

    it('stays inside the dialog when "Watch the ad" gives way to the countdown', async () => {
      fakeRoutes({});
      const { user } = await renderGetLink();
      await user.click(getLink());
      await user.click(within(dialog()).getByRole('button', { name: 'Watch the ad' }));
      expect(within(dialog()).queryByRole('button', { name: 'Watch the ad' })).toBeNull();
      expect(dialog().contains(document.activeElement)).toBe(true);
      expect(document.activeElement?.contains(screen.getByRole('timer'))).toBe(true);
    });

    it('moves to the first store link when the links replace the countdown', async () => {
      fakeRoutes({ [LINKS_CALL]: results(someLinks()) });
      const { user } = await renderGetLink();
      await user.click(getLink());
      await user.click(within(dialog()).getByRole('button', { name: 'Watch the ad' }));
      await wait(2000);
      const hacoo = await within(dialog()).findByRole('link', { name: 'Open on Hacoo' });
      // Focus moves in an effect, just after the link is in the page.
      await waitFor(() => expect(document.activeElement).toBe(hacoo));

      await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
      expect(document.activeElement).toBe(getLink());
    });

    it('moves to the first link once "Try again" brings the links', async () => {
      let failures = 1;
      fakeRoutes({ [LINKS_CALL]: () => (failures-- > 0 ? SERVER_ERROR : results(someLinks())) });
      const { user } = await renderGetLink();
      await user.click(getLink());
      await user.click(within(dialog()).getByRole('button', { name: 'Watch the ad' }));
      await wait(2000);
      await within(dialog()).findByRole('alert');
      expect(dialog().contains(document.activeElement)).toBe(true);
      await user.click(within(dialog()).getByRole('button', { name: 'Try again' }));
      const hacoo = await within(dialog()).findByRole('link', { name: 'Open on Hacoo' });
      await waitFor(() => expect(document.activeElement).toBe(hacoo));
    });
  });

  describe('what the link checker found', () => {
    // Noon on 12 March 2025 in the test's own time zone, as the browser's clock gives it.
    const NOW = new Date(2025, 2, 12, 12, 0);
    const at = (day: number, hour: number) => new Date(2025, 2, day, hour, 0).toISOString();
    const getLink = () => screen.getByRole('button', { name: 'Get the link' });
    /** The text the button is described by (aria-describedby), as a screen reader reads it after the name. */
    const description = (element: HTMLElement) => {
      const ids = element.getAttribute('aria-describedby');
      return ids ? ids.split(' ').map((id) => document.getElementById(id)?.textContent).join(' ') : null;
    };

    // The countdown's clock and the date: the rest keeps real timers.
    beforeEach(() => {
      vi.useRealTimers();
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
      vi.setSystemTime(NOW);
    });

    it('says how many days ago the links were seen working, in a time element, and describes the button with it', async () => {
      await renderGetLink(WITHOUT_AD, { link_state: 'ok', links_checked_at: at(9, 18) });
      const line = screen.getByText(/^Link verified/);
      expect(line.textContent).toBe('Link verified 3 days ago');
      expect(line.querySelector('time')?.getAttribute('dateTime')).toBe(at(9, 18));
      expect(line.querySelector('time')?.textContent).toBe('3 days ago');
      expect(description(getLink())).toBe('Link verified 3 days ago');
      expect(screen.queryByText('Link no longer works')).toBeNull();
    });

    it('says today and yesterday by the calendar, and also when only some links are gone', async () => {
      const { unmount } = await renderGetLink(WITHOUT_AD, { link_state: 'ok', links_checked_at: at(12, 1) });
      expect(description(getLink())).toBe('Link verified today');
      unmount();
      await renderGetLink(WITHOUT_AD, { link_state: 'partly_gone', links_checked_at: at(11, 23) });
      expect(description(getLink())).toBe('Link verified yesterday');
    });

    it('says the link no longer works when every link is gone, and still offers the button', async () => {
      const { user } = await renderGetLink(WITHOUT_AD, { link_state: 'gone', links_checked_at: at(11, 8) });
      expect(screen.getByText('Link no longer works').tagName).toBe('P');
      expect(screen.queryByText(/Link verified/)).toBeNull();
      expect(description(getLink())).toBe('Link no longer works');
      await user.click(getLink());
      expect(dialog()).toBeTruthy();
    });

    it('says nothing while the links are not judged yet, or without a verdict’s time', async () => {
      for (const health of [
        NOT_JUDGED,
        { link_state: 'unknown', links_checked_at: at(11, 8) },
        { link_state: 'ok', links_checked_at: null },
        { link_state: 'ok', links_checked_at: 'not a date' },
      ] satisfies Health[]) {
        const { unmount } = await renderGetLink(WITHOUT_AD, health);
        expect(screen.queryByText(/Link verified|Link no longer works/), JSON.stringify(health)).toBeNull();
        expect(getLink().hasAttribute('aria-describedby')).toBe(false);
        unmount();
      }
    });

    it('says it in the page’s language', async () => {
      await renderGetLink(WITHOUT_AD, { link_state: 'ok', links_checked_at: at(9, 18) });
      await act(() => i18n.changeLanguage('es'));
      try {
        expect((await screen.findByText(/^Enlace verificado/)).textContent).toBe('Enlace verificado hace 3 días');
      } finally {
        await act(() => i18n.changeLanguage('en'));
      }
    });

    it('renders the day itself on the server and while hydrating, then the days ago: no mismatch, even days later', async () => {
      await renderLoaded(<></>);
      const page = (
        <I18nextProvider i18n={i18n}>
          <GetLink productId={1} health={{ link_state: 'ok', links_checked_at: '2025-03-09T12:00:00Z' }} onDownloads={() => undefined} />
        </I18nextProvider>
      );
      // The page was rendered (or cached) on the 12th; the visitor opens it on the 14th.
      const view = await renderOnServerThenHydrate(page, () => vi.setSystemTime(new Date(2025, 2, 14, 12, 0)));
      try {
        expect(view.serverHtml).toContain('Link verified on <time dateTime="2025-03-09T12:00:00Z">March 9, 2025</time>');
        expect(view.complaints).toEqual([]);
        expect(within(view.container).getByText(/^Link verified/).textContent).toBe('Link verified 5 days ago');
      } finally {
        view.unmount();
      }
    });

    it('marks a store link the checker found gone, in its name too, and says when each working one was verified', async () => {
      const links = someLinks({
        link_health: {
          hacoo: { state: 'gone', checked_at: at(12, 6) },
          cnfans: { state: 'ok', checked_at: at(11, 9) },
          dhgate: { state: 'unknown', checked_at: null },
        },
      });
      fakeRoutes({ [LINKS_CALL]: results(links) });
      const { user } = await renderGetLink();
      await user.click(getLink());
      await user.click(within(dialog()).getByRole('button', { name: 'Watch the ad' }));
      await act(() => vi.advanceTimersByTimeAsync(2000));

      const hacoo = await within(dialog()).findByRole('link', { name: 'Open on Hacoo: link no longer works' });
      expect(hacoo.getAttribute('href')).toBe('https://c.hacoo.app/item/123?ref=lh');
      expect(hacoo.textContent).toBe('Open on HacooLink no longer works');
      expect(hacoo.classList.contains('goneLink')).toBe(true);
      expect(hacoo.classList.contains('primary')).toBe(false);
      expect(hacoo.hasAttribute('aria-describedby')).toBe(false);

      // The first working link is the main one and takes focus.
      const cnfans = within(dialog()).getByRole('link', { name: 'Open on CNFans' });
      expect(cnfans.classList.contains('primary')).toBe(true);
      await waitFor(() => expect(document.activeElement).toBe(cnfans));
      expect(description(cnfans)).toBe('Link verified yesterday');

      const dhgate = within(dialog()).getByRole('link', { name: 'Open on DHGate' });
      expect(dhgate.hasAttribute('aria-describedby')).toBe(false);
      expect(within(dialog()).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
        'https://c.hacoo.app/item/123?ref=lh',
        'https://cnfans.com/product/?id=456',
        'https://www.dhgate.com/product/789.html',
      ]);
    });
  });
});

describe('the visitor’s agent', () => {
  const COUNT_CALL = 'POST /products/1/downloads';
  const chooseAgent = (agent: BuyingAgent | null) => act(() => preferredAgentStore().setState({ value: agent }));
  const names = (links: HTMLElement[]) => links.map((link) => link.getAttribute('aria-label') ?? link.textContent);
  /** The buttons, outside the disclosure of the other agents. */
  const buttons = () => within(dialog()).getAllByRole('link').filter((link) => !link.closest('details'));
  const disclosure = () => dialog().querySelector('details') as HTMLDetailsElement;

  async function showLinks(links = linksWithAgents(), routes: Parameters<typeof fakeRoutes>[0] = {}) {
    const api = fakeRoutes({ [LINKS_CALL]: results(links), [COUNT_CALL]: results({ id: 1, downloads: 44, counted: true }), ...routes });
    const onDownloads = vi.fn();
    const view = await renderLoaded(<GetLink productId={1} sourceItem={WEIDIAN_ITEM} health={NOT_JUDGED} onDownloads={onDownloads} />);
    await view.user.click(screen.getByRole('button', { name: 'Get the link' }));
    await view.user.click(screen.getByRole('button', { name: 'Watch the ad' }));
    await wait(2000);
    await within(dialog()).findByText('Here are the store links. They open in a new tab.');
    return { ...view, api, onDownloads };
  }

  afterEach(() => {
    localStorage.removeItem(PREFERRED_AGENT_STORAGE_KEY);
    preferredAgentStore().setState({ value: null });
  });

  it('opens the chosen agent first, as the main link, then Hacoo, DHGate and the marketplace; the other agents behind a disclosure', async () => {
    chooseAgent('kakobuy');
    await showLinks();
    const kakobuy = within(dialog()).getByRole('link', { name: 'Open in Kakobuy' });
    expect(names(buttons())).toEqual(['Open in Kakobuy', 'Open on Hacoo', 'Open on DHGate', 'Open on Weidian']);
    expect(kakobuy.getAttribute('href')).toBe('https://kakobuy.test/item?shop_type=weidian&id=7233464590');
    expect([kakobuy.getAttribute('target'), kakobuy.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    expect(kakobuy.classList.contains('primary')).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(kakobuy));
    expect(within(dialog()).getByRole('link', { name: 'Open on Weidian' }).getAttribute('href')).toBe('https://weidian.com/item.html?itemID=7233464590');

    expect(disclosure().open).toBe(false);
    expect(disclosure().querySelector('summary')?.textContent).toBe('11 other agents');
    const others = within(disclosure()).getAllByRole('link');
    expect(names(others)).toEqual(DEFAULT_AGENTS.filter((agent) => agent !== 'kakobuy').map((agent) => `Open in ${AGENT_NAMES[agent]}`));
    expect(others.map((link) => link.textContent).slice(0, 2)).toEqual(['CNFans', 'Mulebuy']);
    // The CNFans link is one of the agents', never a button of its own as well.
    expect(within(dialog()).getAllByRole('link', { name: /CNFans/ })).toHaveLength(1);

    // The same preference, right here: it says which agent is chosen, with no prompt to choose.
    const choice = within(dialog()).getByRole('combobox', { name: 'My agent' }) as HTMLSelectElement;
    expect(choice.value).toBe('kakobuy');
    expect(choice.hasAttribute('aria-describedby')).toBe(false);
  });

  it('without a choice keeps Hacoo first and offers to choose an agent, which then comes first', async () => {
    const { user, api } = await showLinks();
    expect(names(buttons())).toEqual(['Open on Hacoo', 'Open in CNFans', 'Open on DHGate', 'Open on Weidian']);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog()).getByRole('link', { name: 'Open on Hacoo' })));
    const choice = within(dialog()).getByRole('combobox', { name: 'My agent' }) as HTMLSelectElement;
    expect(Array.from(choice.options, (option) => option.textContent)).toEqual(['None', ...DEFAULT_AGENTS.map((agent) => AGENT_NAMES[agent])]);
    expect(document.getElementById(choice.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Choose your agent and its link comes first, here and on every product.',
    );

    await user.selectOptions(choice, 'Mulebuy');
    expect(names(buttons())).toEqual(['Open in Mulebuy', 'Open on Hacoo', 'Open on DHGate', 'Open on Weidian']);
    expect(within(dialog()).getByRole('link', { name: 'Open in Mulebuy' }).classList.contains('primary')).toBe(true);
    expect(localStorage.getItem(PREFERRED_AGENT_STORAGE_KEY)).toBe('mulebuy');
    // Focus stays on the choice; nothing is counted for choosing.
    expect(document.activeElement).toBe(choice);
    expect(choice.hasAttribute('aria-describedby')).toBe(false);
    expect(api.calls()).toEqual([LINKS_CALL]);
  });

  it('counts one download whichever agent’s link is opened, from the buttons or the list', async () => {
    chooseAgent('kakobuy');
    const { api, onDownloads } = await showLinks();
    expect(fireEvent.click(within(dialog()).getByRole('link', { name: 'Open in Kakobuy' }))).toBe(true);
    await vi.waitFor(() => expect(onDownloads).toHaveBeenLastCalledWith(44));
    fireEvent.click(within(disclosure()).getByRole('link', { name: 'Open in Sugargoo' }));
    fireEvent.click(within(dialog()).getByRole('link', { name: 'Open on Weidian' }));
    await settle();
    expect(api.calls()).toEqual([LINKS_CALL, COUNT_CALL]);
  });

  it('counts an agent’s link from the list opened with the middle button', async () => {
    const { api } = await showLinks();
    fireEvent(within(disclosure()).getByRole('link', { name: 'Open in Kakobuy' }), new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
    await vi.waitFor(() => expect(api.calls()).toEqual([LINKS_CALL, COUNT_CALL]));
  });

  it('marks every agent’s link and the marketplace’s when the checker found the item gone, and the main link is Hacoo', async () => {
    chooseAgent('kakobuy');
    const links = linksWithAgents(undefined, {
      link_health: { hacoo: NOT_JUDGED_LINK, dhgate: NOT_JUDGED_LINK, cnfans: { state: 'gone', checked_at: '2025-03-11T09:00:00Z' } },
    });
    await showLinks(links);
    const kakobuy = within(dialog()).getByRole('link', { name: 'Open in Kakobuy: link no longer works' });
    expect(kakobuy.classList.contains('goneLink')).toBe(true);
    expect(within(dialog()).getByRole('link', { name: 'Open on Weidian: link no longer works' })).toBeTruthy();
    expect(within(disclosure()).getByRole('link', { name: 'Open in CNFans: link no longer works' }).classList.contains('agentGone')).toBe(true);
    const hacoo = within(dialog()).getByRole('link', { name: 'Open on Hacoo' });
    expect(hacoo.classList.contains('primary')).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(hacoo));
  });

  it('offers no choice of agent for a product without agent links', async () => {
    chooseAgent('kakobuy');
    await showLinks(someLinks());
    expect(names(buttons())).toEqual(['Open on Hacoo', 'Open on CNFans', 'Open on DHGate']);
    expect(within(dialog()).queryByRole('combobox')).toBeNull();
    expect(dialog().querySelector('details')).toBeNull();
  });
});
