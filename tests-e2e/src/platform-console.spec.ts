import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { PLATFORM_PREFIX } from '@linkhunt/contracts/platform';
import { readRemotes, withRemotes } from './harness/remotes-file.ts';
import { E2E_SHELL_URL } from './harness/stack.ts';
import { openSignedIn } from './support/accounts.ts';
import { apiToken } from './support/api.ts';
import { E2E_ADMIN } from './support/demo.ts';
import { expect, test } from './support/test.ts';

/** A rollback runs a deploy's checks, the smoke render among them. */
const ROLLBACK_TIMEOUT_MS = 30_000;

test('an admin sees a new deploy of mf-product on the console’s platform page and rolls it back with one confirmation', { tag: '@alone' }, async ({ page, request }) => {
  const token = await apiToken(request, E2E_ADMIN);
  // remotes.json is put back as it was, byte for byte, whatever happens here.
  await withRemotes(
    (manifest) => manifest,
    async () => {
      const before: RemotesManifest = await readRemotes();
      const original = before['mf-product'].entry;
      // The same build at a new address: it passes every check, and is a version of its own.
      const entry = `${original}${original.includes('?') ? '&' : '?'}release=console-${Date.now()}`;
      const deploy = await request.post(`${E2E_SHELL_URL}${PLATFORM_PREFIX}/deploys`, {
        headers: { authorization: `Bearer ${token}` },
        data: { remote: 'mf-product', entry },
        timeout: ROLLBACK_TIMEOUT_MS,
      });
      expect(deploy.status(), await deploy.text()).toBe(200);
      expect((await readRemotes())['mf-product'].entry).toBe(entry);

      await openSignedIn(page, token, '/es/admin/platform');
      await expect(page.getByRole('heading', { level: 1, name: 'Plataforma' })).toBeVisible();
      const card = page.getByRole('article', { name: 'mf-product' });
      await expect(card.getByText('Desplegada por admin:e2e-admin')).toBeVisible();
      await expect(card.locator('dl').first()).toContainText(entry);
      await expect(card.getByRole('table', { name: 'Salud de cada versión de mf-product' })).toBeVisible();

      const rollbacks: unknown[] = [];
      page.on('request', (sent) => {
        if (sent.method() === 'POST' && sent.url() === `${E2E_SHELL_URL}${PLATFORM_PREFIX}/rollbacks`) rollbacks.push(sent.postDataJSON());
      });
      await card.getByRole('button', { name: 'Revertir mf-product' }).click();
      const dialog = page.getByRole('dialog', { name: '¿Revertir mf-product?' });
      await expect(dialog.locator('dd').nth(0)).toHaveText(entry);
      await expect(dialog.locator('dd').nth(1)).toHaveText(original);
      await dialog.getByRole('button', { name: 'Revertir', exact: true }).click();
      await expect(dialog).toBeHidden({ timeout: ROLLBACK_TIMEOUT_MS });
      expect(rollbacks).toEqual([{ remote: 'mf-product', to: original }]);

      // The page is read again: the card and the history say what was done.
      await expect(card.getByText('Revertida por admin:e2e-admin')).toBeVisible();
      await expect(card.locator('dl').first()).toContainText(original);
      await expect(card.locator('dl').first()).not.toContainText(entry);
      const newest = page.getByRole('table', { name: 'Historial de despliegues, lo más reciente primero' }).getByRole('row').nth(1);
      await expect(newest.getByRole('cell')).toHaveText(['mf-product', 'Reversión', 'admin:e2e-admin', entry, original, '', '']);
      expect((await readRemotes())['mf-product']).toEqual(before['mf-product']);
    },
  );
});
