import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { useColourName } from './colour-name.ts';

function Colours({ values }: { values: string[] }) {
  const colourName = useColourName();
  return (
    <ul>
      {values.map((value) => (
        <li key={value}>{colourName(value)}</li>
      ))}
    </ul>
  );
}

const shown = () => screen.getAllByRole('listitem').map((item) => item.textContent);

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('useColourName', () => {
  it('shows a known colour in the page’s language whatever language it was stored in, and other names as typed', async () => {
    await renderWithProviders(<Colours values={['crema', 'Schwarz', 'azul marino', 'Teal blue', 'verde agua']} />);
    expect(shown()).toEqual(['cream', 'black', 'navy', 'Teal blue', 'verde agua']);
  });

  it('follows the language', async () => {
    await renderWithProviders(<Colours values={['crema', 'white', 'rosa palo', 'Teal blue']} />);
    await act(() => i18n.changeLanguage('de'));
    expect(shown()).toEqual(['creme', 'weiß', 'altrosa', 'Teal blue']);
    await act(() => i18n.changeLanguage('fr'));
    expect(shown()).toEqual(['crème', 'blanc', 'vieux rose', 'Teal blue']);
  });
});
