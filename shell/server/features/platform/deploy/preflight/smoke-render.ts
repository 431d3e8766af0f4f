import type { RemoteId, RemotesManifest } from '@linkhunt/contracts/remotes';

/**
 * Renders each page `remote` exposes with `manifest`, in a scratch worker, within the render budget: a refusal
 * reason, or undefined when every page rendered in time (the render pool's `smokeRender`).
 */
export type SmokeRender = (manifest: RemotesManifest, remote: RemoteId) => Promise<string | undefined>;

/** Check 6: the smoke render, its failure to run at all counted as a refusal (fail closed). */
export async function smokeRenderRefusal(smokeRender: SmokeRender, manifest: RemotesManifest, remote: RemoteId): Promise<string | undefined> {
  try {
    return await smokeRender(manifest, remote);
  } catch (error) {
    return `the smoke render could not run: ${error instanceof Error ? error.message : String(error)}`;
  }
}
