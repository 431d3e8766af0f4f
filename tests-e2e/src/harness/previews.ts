import { PLATFORM_PREFIX, PREVIEW_COOKIE, PREVIEW_HEADER, type PreviewResponse, type RemoteEntries } from '@linkhunt/contracts/platform';
import { REMOTE_IDS, type RemotesManifest } from '@linkhunt/contracts/remotes';
import type { BrowserContext } from '@playwright/test';
import { readRemotes, untilRenderedWith } from './remotes-file.ts';
import { readStack } from './stack.ts';

/** What a preview renders with: the served remotes.json with the preview's entries in place of their remotes'. */
export async function previewedManifest(overrides: RemoteEntries): Promise<RemotesManifest> {
  const manifest = await readRemotes();
  for (const id of REMOTE_IDS) {
    const override = overrides[id];
    if (override) manifest[id] = override;
  }
  return manifest;
}

/** The header form of a preview, for a request that is not a browser's (`request.get(url, { headers })`, fetch). */
export const previewHeaders = (token: string): Record<string, string> => ({ [PREVIEW_HEADER]: token });

/**
 * A preview token of the run's CI credential for `overrides` (other entries for some remotes), once the shell
 * server renders pages with it. Only the visitor carrying the token sees the override; every other test goes on
 * meeting the base remotes.json, which is how suites stage a remote's version or fault side by side.
 */
export async function previewToken(overrides: RemoteEntries): Promise<string> {
  const { shellUrl, platformSecret } = readStack();
  const answer = await fetch(`${shellUrl}${PLATFORM_PREFIX}/previews`, {
    method: 'POST',
    headers: { authorization: `Bearer ${platformSecret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ remotes: overrides }),
  });
  if (answer.status !== 201) throw new Error(`POST ${PLATFORM_PREFIX}/previews answered ${answer.status}: ${await answer.text()}`);
  const { token } = (await answer.json()) as PreviewResponse;
  // Until the preview's render worker is up its pages come as the plain shell, for the browser to render: a test
  // of the server's HTML (or of a fallback's timing) must not meet that.
  await untilRenderedWith(await previewedManifest(overrides), previewHeaders(token));
  return token;
}

/** Lets the browser context carry `token` as a preview link leaves it: the cookie, on the shell's origin only. */
export async function carryPreview(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: PREVIEW_COOKIE, value: token, url: readStack().shellUrl, httpOnly: true, sameSite: 'Lax' }]);
}

/**
 * Runs `fn` with the browser context previewing `overrides`: its pages, and their own reads of remotes.json, get
 * the override; another context, another test, gets the base. The cookie goes afterwards, passed or thrown. Not
 * a header through extraHTTPHeaders: that goes to the remotes and the API too, and turns their reads into CORS
 * preflights.
 */
export async function withPreview<T>(context: BrowserContext, overrides: RemoteEntries, fn: (token: string) => Promise<T> | T): Promise<T> {
  const token = await previewToken(overrides);
  await carryPreview(context, token);
  try {
    return await fn(token);
  } finally {
    await context.clearCookies({ name: PREVIEW_COOKIE });
  }
}
