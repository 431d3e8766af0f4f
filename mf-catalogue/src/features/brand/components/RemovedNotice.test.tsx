import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderLoaded } from '../../../test/render-loaded.tsx';
import { RemovedNotice } from './RemovedNotice.tsx';

const notice = () => screen.getByRole('complementary', { name: 'About removed products' });

describe('RemovedNotice', () => {
  it('gives the configured contact address as a mail link', async () => {
    await renderLoaded(<RemovedNotice />, '/en/brand/nike', { apiUrl: TEST_API_URL, contactEmail: 'team@linkhunt.test' });
    expect(within(notice()).getByRole('paragraph').textContent).toBe(
      'Some products of this brand were removed from the app. If you have any questions, write to team@linkhunt.test.',
    );
    expect(within(notice()).getByRole('link', { name: 'team@linkhunt.test' }).getAttribute('href')).toBe('mailto:team@linkhunt.test');
  });

  it('says only that products were removed when no contact address is configured', async () => {
    await renderLoaded(<RemovedNotice />, '/en/brand/nike', { apiUrl: TEST_API_URL });
    expect(within(notice()).getByRole('paragraph').textContent).toBe('Some products of this brand were removed from the app.');
    expect(within(notice()).queryByRole('link')).toBeNull();
  });
});

describe('RemovedNotice colours', () => {
  // jsdom applies no CSS: the stylesheet and the design tokens are read as text and the contrast worked out.
  const notice = readFileSync(join(import.meta.dirname, 'RemovedNotice.module.css'), 'utf8');
  const tokens = readFileSync(join(import.meta.dirname, '../../../../../shared-ui/src/styles/tokens.css'), 'utf8');
  const declarations = (block: string) => new Map([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name ?? '', value?.trim() ?? '']));
  const light = declarations(tokens.slice(0, tokens.indexOf('@media')));
  const dark = new Map([...light, ...declarations(tokens.slice(tokens.indexOf('@media (prefers-color-scheme: dark)')))]);
  const rule = (selector: string) => new RegExp(`(?:^|\\n)${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\{([^}]*)\\}`).exec(notice)?.[1] ?? '';
  const property = (selector: string, name: string) => new RegExp(`(?:^|\\s)${name}:\\s*([^;]+);`).exec(rule(selector))?.[1]?.trim() ?? '';

  function resolve(value: string, theme: Map<string, string>): string {
    const variable = /^var\((--[\w-]+)\)$/.exec(value);
    return variable ? resolve(theme.get(variable[1] ?? '') ?? '', theme) : value;
  }

  function luminance(hex: string): number {
    const digits = hex.replace('#', '');
    const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
    const channels = (full.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16) / 255);
    const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }

  function contrast(a: string, b: string): number {
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
  }

  it.each([
    ['light', light],
    ['dark', dark],
  ])('has text, mail link and icon of at least 4.5:1 in %s mode', (_, theme) => {
    const background = resolve(property('.notice', 'background'), theme);
    const text = resolve(property('.notice', 'color'), theme);
    expect(property('.text a,\n.text a:hover', 'color')).toBe('inherit');
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
    const icon = rule('.icon');
    expect(icon).toBeTruthy();
    expect(contrast(resolve(property('.icon', 'color'), theme), resolve(property('.icon', 'background'), theme))).toBeGreaterThanOrEqual(4.5);
  });
});
