import { screen } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { UserCredit, usernameHandle } from './UserCredit.tsx';

const lucia = { name: 'Lucía Finds', username: 'lucia.finds' };

describe('UserCredit', () => {
  it('writes a username as a handle', () => {
    expect(usernameHandle('lucia.finds')).toBe('@lucia.finds');
  });

  it('shows the display name with the @username beside it, read as one name', async () => {
    const { container } = await renderWithProviders(<UserCredit user={lucia} />);
    expect(container.textContent).toBe('Lucía Finds @lucia.finds');
    expect(container.querySelector('bdi')?.textContent).toBe('Lucía Finds');
  });

  it('gives a link around it the name and the handle as its accessible name', async () => {
    await renderWithProviders(
      <Link to="/en/user/lucia.finds">
        <UserCredit user={lucia} />
      </Link>,
    );
    expect(screen.getByRole('link', { name: 'Lucía Finds @lucia.finds' }).getAttribute('href')).toBe('/en/user/lucia.finds');
  });

  it('keeps a copied display name apart from the real user by the handle', async () => {
    const { container } = await renderWithProviders(
      <>
        <UserCredit user={lucia} />
        <UserCredit user={{ name: 'Lucía Finds', username: 'lucia_finds_2' }} />
      </>,
    );
    expect(Array.from(container.children).map((credit) => credit.textContent)).toEqual(['Lucía Finds @lucia.finds', 'Lucía Finds @lucia_finds_2']);
  });

  it('isolates right-to-left text in the name, so it cannot reorder the handle', async () => {
    const { container } = await renderWithProviders(<UserCredit user={{ name: 'שרה', username: 'sara' }} />);
    const name = container.querySelector('bdi');
    expect(name?.textContent).toBe('שרה');
    expect(name?.nextElementSibling?.textContent).toBe('@sara');
  });
});
