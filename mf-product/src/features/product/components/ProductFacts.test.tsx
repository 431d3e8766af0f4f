import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aFullProduct } from '../../../test/fixtures.ts';
import { renderLoaded } from '../../../test/render.tsx';
import { ProductFacts } from './ProductFacts.tsx';

/** The chips of the colours fact, as read, and which of them carry a swatch (by its colour's class). */
function colourChips(term: string) {
  const list = screen.getByText(term, { selector: 'dt' }).nextElementSibling;
  if (!(list instanceof HTMLElement)) throw new Error(`no facts under ${term}`);
  return [...list.children].map((chip) => ({
    text: chip.textContent,
    swatch: chip.querySelector('[aria-hidden="true"]')?.className.split(' ').find((name) => name !== 'swatch') ?? null,
  }));
}

// Stored as uploaders typed them: the catalogue's Spanish, someone's English, a German capital, and free text.
const product = aFullProduct({ colors: ['crema', 'black', 'Azul Marino', 'Schwarz', 'verde agua'] });

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('ProductFacts: colours', () => {
  it('shows known colours in English with their swatch, once each, and other colours as typed', async () => {
    await renderLoaded(<ProductFacts product={product} />);
    expect(colourChips('Colours')).toEqual([
      { text: 'cream', swatch: 'cream' },
      { text: 'black', swatch: 'black' },
      { text: 'navy', swatch: 'navy' },
      { text: 'verde agua', swatch: null },
    ]);
  });

  it('shows them in German on a German page', async () => {
    await renderLoaded(<ProductFacts product={product} />, { route: '/de/product/retro-runner' });
    await act(() => i18n.changeLanguage('de'));
    const term = await screen.findByText('Farben', { selector: 'dt' });
    expect(colourChips(term.textContent ?? '')).toEqual([
      { text: 'creme', swatch: 'cream' },
      { text: 'schwarz', swatch: 'black' },
      { text: 'marineblau', swatch: 'navy' },
      { text: 'verde agua', swatch: null },
    ]);
    // The swatch is decoration: the name is what is read.
    expect(within(term.nextElementSibling as HTMLElement).queryAllByRole('img')).toEqual([]);
  });

  it('marks a colour it does not know, shown as typed, with the product\'s language; the known ones are the page\'s words', async () => {
    await renderLoaded(<ProductFacts product={{ ...product, language: 'es' }} />);
    const list = screen.getByText('Colours', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect([...list.children].map((chip) => [chip.textContent, chip.getAttribute('lang')])).toEqual([
      ['cream', null],
      ['black', null],
      ['navy', null],
      ['verde agua', 'es'],
    ]);
  });
});
