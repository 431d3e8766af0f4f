import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadShellWords } from '../../test/shell-i18n.ts';
import { SearchBox } from './SearchBox.tsx';

const input = () => screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement;

beforeAll(loadShellWords);
beforeEach(() => bus.publish('search:query', { query: '' }));

describe('SearchBox', () => {
  it('publishes the query on every keystroke', async () => {
    const heard = vi.fn();
    const unsubscribe = bus.subscribe('search:query', heard);
    const { user } = await renderWithProviders(<SearchBox />);
    await user.type(input(), 'bag');
    unsubscribe();
    expect(heard.mock.calls.map(([payload]) => payload)).toEqual([{ query: 'b' }, { query: 'ba' }, { query: 'bag' }]);
    expect(input().value).toBe('bag');
  });

  it('clears the query with Escape', async () => {
    const { user } = await renderWithProviders(<SearchBox />);
    await user.type(input(), 'nike');
    await user.keyboard('{Escape}');
    expect(bus.last('search:query')).toEqual({ query: '' });
    expect(input().value).toBe('');
  });

  it('shows the query published elsewhere, and keeps it when the header is mounted again', async () => {
    const { unmount } = await renderWithProviders(<SearchBox />);
    act(() => bus.publish('search:query', { query: 'sneakers' }));
    expect(input().value).toBe('sneakers');
    unmount();
    await renderWithProviders(<SearchBox />);
    expect(input().value).toBe('sneakers');
  });
});
