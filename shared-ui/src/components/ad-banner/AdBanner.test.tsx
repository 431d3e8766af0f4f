import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSiteConfig } from '../../features/config/site-config.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AdBanner } from './AdBanner.tsx';

function setWidth(wide: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

describe('AdBanner', () => {
  beforeEach(() => setWidth(true));

  it('renders nothing without a key for the format', async () => {
    setSiteConfig({ apiUrl: 'http://api.test', ads: { scriptHost: 'https://ads.test', keys: { '320x50': 'small' } } });
    const { container } = await renderWithProviders(<AdBanner />);
    expect(container.querySelector('aside')).toBeNull();
  });

  it('shows the 728x90 banner on wide screens and the 320x50 one on phones', async () => {
    const keys = { '728x90': 'wide-key', '320x50': 'narrow-key' };
    setSiteConfig({ apiUrl: 'http://api.test', ads: { scriptHost: 'https://ads.test', keys } });
    await renderWithProviders(<AdBanner />);
    const frame = screen.getByTitle(/ad/i);
    expect(frame.getAttribute('width')).toBe('728');
    expect(frame.getAttribute('src')).toBe('/ad-frame.html?host=https%3A%2F%2Fads.test&key=wide-key&width=728&height=90');
    // An opaque origin: the ad never reaches the site's storage.
    expect(frame.getAttribute('sandbox')?.split(' ')).not.toContain('allow-same-origin');
  });

  it('shows the format it is given whatever the screen', async () => {
    setSiteConfig({ apiUrl: 'http://api.test', ads: { scriptHost: 'https://ads.test', keys: { '728x90': 'wide-key', '320x50': 'narrow-key' } } });
    await renderWithProviders(<AdBanner format="320x50" />);
    const frame = screen.getByTitle(/ad/i);
    expect(frame.getAttribute('width')).toBe('320');
    expect(new URL(frame.getAttribute('src') ?? '', 'http://site.test').searchParams.get('key')).toBe('narrow-key');
  });
});
