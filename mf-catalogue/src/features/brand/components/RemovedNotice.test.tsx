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
