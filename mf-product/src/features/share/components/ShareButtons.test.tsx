import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderLoaded } from '../../../test/render.tsx';
import { resetState, toasts } from '../../../test/state.ts';
import { ShareButtons } from './ShareButtons.tsx';

const PAGE = '/en/product/retro-runner';

/** user-event puts its own clipboard on the navigator when it is set up, so this goes in after the render. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

function stubShare(share: (data: ShareData) => Promise<void>) {
  Object.defineProperty(navigator, 'share', { configurable: true, writable: true, value: share });
}

const renderShare = () => renderLoaded(<ShareButtons title="Retro Runner sneakers" />, { route: PAGE });
/** The page's public address: the configured site and the page's path, the same on the server and in the browser. */
const ADDRESS = `https://linkhunt.test${PAGE}`;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
  resetState();
});

describe('ShareButtons', () => {
  it('copies the page\'s address and says so', async () => {
    const writeText = vi.fn((_text: string) => Promise.resolve());
    const { user } = await renderShare();
    stubClipboard(writeText);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Link copied' }]));
    expect(writeText).toHaveBeenCalledExactlyOnceWith(ADDRESS);
  });

  it('says so when the address could not be copied', async () => {
    const { user } = await renderShare();
    stubClipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'The link could not be copied' }]));
  });

  it('has no Share button where the browser cannot share', async () => {
    expect('share' in navigator).toBe(false);
    await renderShare();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('opens the system share sheet with the title and the address where there is one', async () => {
    const share = vi.fn((_data: ShareData) => Promise.resolve());
    stubShare(share);
    const { user } = await renderShare();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledExactlyOnceWith({ title: 'Retro Runner sneakers', url: ADDRESS });
  });

  it('says nothing when the visitor dismisses the share sheet', async () => {
    const share = vi.fn((_data: ShareData) => Promise.reject(new DOMException('Cancelled', 'AbortError')));
    stubShare(share);
    const { user } = await renderShare();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(toasts()).toEqual([]);
  });
});
