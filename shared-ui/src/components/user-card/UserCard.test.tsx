import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { formatCount, initialsOf, UserCard } from './UserCard.tsx';

function statValue(label: string): string | null | undefined {
  return screen.getByText(label).nextElementSibling?.textContent;
}

describe('formatCount', () => {
  it('groups thousands the Chilean Spanish way', () => {
    expect(formatCount(1600)).toBe('1.600');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(20)).toBe('20');
  });
});

describe('initialsOf', () => {
  it('takes the first letter of the first two words', () => {
    expect(initialsOf('ana pérez lópez')).toBe('AP');
    expect(initialsOf('  Émile ')).toBe('É');
  });
});

describe('UserCard', () => {
  it('links to the user page and shows who they are', async () => {
    await renderWithProviders(<UserCard user={aUser()} />);
    const link = screen.getByRole('link');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(link.getAttribute('href')).toBe('/en/user/ana_hunts');
    expect(within(link).getByRole('heading', { level: 3 }).textContent).toBe('Ana Pérez');
    expect(link.textContent).toContain('@ana_hunts');
  });

  it('shows products, reviews and points, with points grouped as 1.600', async () => {
    await renderWithProviders(<UserCard user={aUser()} />);
    expect(statValue('Products')).toBe('50');
    expect(statValue('Reviews')).toBe('30');
    expect(statValue('Points')).toBe('1.600');
  });

  it('loads the avatar from the API host, as a picture the name beside it already says', async () => {
    const { container } = await renderWithProviders(<UserCard user={aUser()} />);
    const avatar = container.querySelector('img');
    expect(avatar?.getAttribute('src')).toBe('http://api.test/avatars/ana.png');
    expect(avatar?.getAttribute('alt')).toBe('');
    expect(screen.getByRole('link').textContent?.startsWith('Ana Pérez')).toBe(true);
  });

  it('shows initials when there is no avatar', async () => {
    const { container } = await renderWithProviders(<UserCard user={aUser({ avatar: null })} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('.initials')?.textContent).toBe('AP');
  });

  it('falls back to initials when the avatar fails to load', async () => {
    const { container } = await renderWithProviders(<UserCard user={aUser()} />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('.initials')?.textContent).toBe('AP');
  });
});

describe('UserCard stylesheet', () => {
  // Read as text: the test run bypasses CSS Modules, and jsdom lays nothing out.
  const stylesheet = readFileSync(join(import.meta.dirname, 'UserCard.module.css'), 'utf8');
  const rule = (selector: string) => new RegExp(`(?:^|\\n)\\${selector} \\{([^}]*)\\}`).exec(stylesheet)?.[1] ?? '';

  it('never cuts a figure\'s label short: it wraps instead', () => {
    const label = rule('.statLabel');
    expect(label).toContain('overflow-wrap: anywhere;');
    expect(label).not.toMatch(/ellipsis|nowrap|overflow: hidden|(?:^|\s)height:/);
  });

  it('sets the figures side by side only in a card wide enough for their labels', () => {
    expect(rule('.link')).toContain('container-type: inline-size;');
    expect(stylesheet).toMatch(/@container \(min-width: 17em\) \{\s*\.stats \{\s*grid-template-columns: repeat\(3, minmax\(0, 1fr\)\);/);
  });
});
