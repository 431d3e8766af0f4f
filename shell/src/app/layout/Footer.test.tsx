import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellWords } from '../../test/shell-i18n.ts';
import { Footer } from './Footer.tsx';

beforeAll(loadShellWords);

describe('Footer', () => {
  it('shares the page by its public address on Telegram, from inside the footer landmark', async () => {
    await renderWithProviders(<Footer />, {
      route: '/en/product/wool-coat',
      siteConfig: { apiUrl: 'http://api.test', siteUrl: 'https://linkhunt.example' },
    });
    const share = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Share on Telegram' });
    const href = new URL(share.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('https://t.me/share/url');
    expect(href.searchParams.get('url')).toBe('https://linkhunt.example/en/product/wool-coat');
    expect(share.getAttribute('target')).toBe('_blank');
  });
});
