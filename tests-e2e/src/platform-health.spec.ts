import { PLATFORM_PREFIX } from '@linkhunt/contracts/platform';
import type { HealthResponse } from '@linkhunt/contracts/platform-health';
import { withPreview } from './harness/previews.ts';
import { withRemotes } from './harness/remotes-file.ts';
import { e2ePort, readStack } from './harness/stack.ts';
import { type RemoteServer, serveMissingRemote } from './support/static-remote.ts';
import { expect, test } from './support/test.ts';

/** The shell server's counts for mf-catalogue's `entry`, read with the run's CI credential. */
async function catalogueHealth(entry: string) {
  const { shellUrl, platformSecret } = readStack();
  const answer = await fetch(`${shellUrl}${PLATFORM_PREFIX}/health`, { headers: { authorization: `Bearer ${platformSecret}` } });
  expect(answer.status).toBe(200);
  const { remotes } = (await answer.json()) as HealthResponse;
  return remotes.find(({ remote }) => remote === 'mf-catalogue')?.versions.find((version) => version.entry === entry);
}

// A version everyone is given (a hand edit here) is counted: its pages, and the failures browsers report. The suite
// reads the counts the console and the health watch read.
test('a remote area that fails in a visitor’s browser is counted against the version the page pinned', { tag: '@alone' }, async ({ page }) => {
  const remote: RemoteServer = await serveMissingRemote(e2ePort(5126));
  try {
    await withRemotes(
      (manifest) => ({ ...manifest, 'mf-catalogue': { entry: remote.entry } }),
      async () => {
        const beacon = page.waitForRequest((sent) => sent.url().endsWith(`${PLATFORM_PREFIX}/beacons`));
        await page.goto('/es/index');
        await expect(page.locator('[data-remote-fallback="mf-catalogue"]')).toBeVisible();
        // A beacon's body is a Blob, which Playwright does not show: the counts say what it carried.
        await beacon;
        await expect.poll(async () => (await catalogueHealth(remote.entry))?.clientErrors.load).toBeGreaterThanOrEqual(1);
        expect((await catalogueHealth(remote.entry))?.views).toBeGreaterThanOrEqual(1);
      },
    );
  } finally {
    await remote.close();
  }
});

test('a preview’s failures are never counted: it is no version visitors get', async ({ page, context }) => {
  const remote = await serveMissingRemote(e2ePort(5127));
  try {
    await withPreview(context, { 'mf-catalogue': { entry: remote.entry } }, async () => {
      const beacon = page.waitForResponse((answer) => answer.url().endsWith(`${PLATFORM_PREFIX}/beacons`));
      await page.goto('/es/index');
      await expect(page.locator('[data-remote-fallback="mf-catalogue"]')).toBeVisible();
      expect((await beacon).status()).toBe(422);
      expect(await catalogueHealth(remote.entry)).toBeUndefined();
    });
  } finally {
    await remote.close();
  }
});
