import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adsConfigured, detectAdBlock } from './detect-ad-block.ts';

const fetchStub = vi.fn<typeof fetch>();
const withAds = (ads: SiteConfig['ads']) => setSiteConfig({ apiUrl: 'http://api.test', ads });

beforeEach(() => {
  fetchStub.mockReset();
  vi.stubGlobal('fetch', fetchStub);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('adsConfigured', () => {
  it('needs a script host and at least one key', () => {
    withAds(undefined);
    expect(adsConfigured()).toBe(false);
    withAds({ scriptHost: '', keys: {} });
    expect(adsConfigured()).toBe(false);
    withAds({ scriptHost: 'https://ads.test', keys: { '728x90': '' } });
    expect(adsConfigured()).toBe(false);
    withAds({ scriptHost: 'https://ads.test', keys: { '320x50': 'key' } });
    expect(adsConfigured()).toBe(true);
  });
});

describe('detectAdBlock', () => {
  it('answers no without touching the page or the network when no ads are configured', async () => {
    withAds({ scriptHost: '', keys: {} });
    const appended = vi.spyOn(document.body, 'append');
    await expect(detectAdBlock()).resolves.toBe(false);
    expect(fetchStub).not.toHaveBeenCalled();
    expect(appended).not.toHaveBeenCalled();
  });

  it('counts a refused request to the ad host as blocked, and a visible bait with a reachable host as not', async () => {
    withAds({ scriptHost: 'https://ads.test', keys: { '728x90': 'key' } });
    // jsdom lays nothing out, so every element would look hidden: give the bait a height.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(1);
    vi.useFakeTimers();

    fetchStub.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const refused = detectAdBlock();
    await vi.advanceTimersByTimeAsync(50);
    await expect(refused).resolves.toBe(true);

    fetchStub.mockResolvedValueOnce(new Response(null, { status: 200 }));
    const reached = detectAdBlock();
    await vi.advanceTimersByTimeAsync(50);
    await expect(reached).resolves.toBe(false);
    expect(fetchStub).toHaveBeenLastCalledWith('https://ads.test', { mode: 'no-cors', cache: 'no-store' });
    expect(document.querySelector('.adsbox')).toBeNull();
  });
});
