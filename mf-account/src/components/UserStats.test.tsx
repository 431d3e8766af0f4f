import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { describe, expect, it } from 'vitest';
import { UserStats } from './UserStats.tsx';

const figures = () => Array.from(document.querySelectorAll('dl > div'), (stat) => [stat.querySelector('dt')?.textContent, stat.querySelector('dd')?.textContent]);

describe('UserStats', () => {
  it('lists products and reviews, and the points first when asked, grouped as 1.600', async () => {
    const user = { points: 1600, num_products: 12, num_valorations: 1234 };
    const { rerender } = await renderWithProviders(<UserStats user={user} />);
    expect(figures()).toEqual([
      ['Products', '12'],
      ['Reviews', '1.234'],
    ]);
    rerender(<UserStats user={user} withPoints />);
    expect(figures()).toEqual([
      ['Points', '1.600'],
      ['Products', '12'],
      ['Reviews', '1.234'],
    ]);
  });

  it('puts the page’s class on the frame whose width lays the figures out', async () => {
    const { container } = await renderWithProviders(<UserStats user={{ points: 1, num_products: 2, num_valorations: 3 }} className="where" />);
    const frame = container.firstElementChild;
    expect(frame?.classList.contains('where')).toBe(true);
    expect(frame?.classList.contains('frame')).toBe(true);
    expect(frame?.firstElementChild?.tagName).toBe('DL');
  });
});

describe('UserStats stylesheet', () => {
  // Read as text: the test run bypasses CSS Modules, and jsdom lays nothing out.
  const stylesheet = readFileSync(join(import.meta.dirname, 'UserStats.module.css'), 'utf8');

  it('never cuts a label short, and sets the figures side by side only where every label fits', () => {
    expect(stylesheet).toMatch(/\.frame \{\s*container-type: inline-size;/);
    expect(stylesheet).toMatch(/\.stat dt \{[^}]*overflow-wrap: anywhere;/);
    expect(stylesheet).not.toMatch(/ellipsis|nowrap/);
    expect(stylesheet).toMatch(/@container \(min-width: 30em\) \{\s*\.stats \{\s*grid-template-columns: repeat\(auto-fit, minmax\(9em, 1fr\)\);/);
  });
});
