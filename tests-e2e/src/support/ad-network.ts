import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStatic } from '../../../shell/server/lib/static-site/static-site.mjs';
import { e2ePort, readStack } from '../harness/stack.ts';

const AD_PORT = e2ePort(5113);
type AdFormat = '728x90' | '320x50';

/**
 * Runs `body` with the served config.json naming a local stand-in for the ad network: each configured key gets
 * an invoke.js that writes "ad <width>x<height>" into its frame. The original config is put back afterwards.
 */
export async function withAdNetwork(keys: Partial<Record<AdFormat, string>>, body: () => Promise<void>): Promise<void> {
  const { configFile } = readStack();
  const original = await readFile(configFile, 'utf8');
  const adHost = await mkdtemp(join(tmpdir(), 'linkhunt-ads-'));
  for (const key of Object.values(keys)) {
    await mkdir(join(adHost, key));
    await writeFile(join(adHost, key, 'invoke.js'), 'document.body.textContent = "ad " + atOptions.width + "x" + atOptions.height;');
  }
  const server = await serveStatic({ dir: adHost, port: AD_PORT });
  await writeFile(configFile, JSON.stringify({ ...JSON.parse(original), ads: { scriptHost: `http://127.0.0.1:${AD_PORT}`, keys } }));
  try {
    await body();
  } finally {
    await writeFile(configFile, original);
    await server.close();
    await rm(adHost, { recursive: true, force: true });
  }
}
