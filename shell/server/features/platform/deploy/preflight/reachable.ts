import type { RemoteEntry } from '@linkhunt/contracts/platform';
import { type BuildFiles, buildUrls, type FederationManifest } from './build-files.ts';

/** A build file larger than this is refused rather than held in memory (the largest remote entry is ~100 KB). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

async function download(url: string, timeoutMs: number): Promise<Buffer> {
  let response: Response;
  try {
    // A redirect is refused, not followed: it could lead off the allowlist.
    response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String((error as Error).cause ?? error);
    throw new Error(`${url} is not reachable: ${cause}`);
  }
  if (response.status >= 300 && response.status < 400) throw new Error(`${url} redirects (${response.status}); name the final URL`);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > MAX_FILE_BYTES) throw new Error(`${url} is larger than ${MAX_FILE_BYTES} bytes`);
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MAX_FILE_BYTES) throw new Error(`${url} is larger than ${MAX_FILE_BYTES} bytes`);
  return body;
}

/**
 * Check 2: remoteEntry.js, the server entry and mf-manifest.json all answer 200, and the manifest is JSON. The
 * files fetched are what the later checks read and what the build's fingerprint is made of.
 */
export async function fetchBuild(target: RemoteEntry, timeoutMs: number): Promise<{ files: BuildFiles } | { reason: string }> {
  const urls = buildUrls(target);
  // Every file is fetched, and the first missing one in this order is named, whichever failed first.
  const settled = await Promise.allSettled([download(urls.remoteEntry, timeoutMs), download(urls.serverEntry, timeoutMs), download(urls.manifest, timeoutMs)]);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) return { reason: (failed.reason as Error).message };
  const [remoteEntry, serverEntry, manifestText] = settled.map((result) => (result as PromiseFulfilledResult<Buffer>).value) as [Buffer, Buffer, Buffer];
  let manifest: unknown;
  try {
    manifest = JSON.parse(manifestText.toString('utf8'));
  } catch {
    return { reason: `${urls.manifest} is not JSON` };
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) return { reason: `${urls.manifest} is not a JSON object` };
  return { files: { remoteEntry, serverEntry, manifestText, manifest: manifest as FederationManifest } };
}
