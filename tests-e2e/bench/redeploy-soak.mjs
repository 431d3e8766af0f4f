// @ts-check
// Remote redeploys against a running shell server, as an operator makes them: remotes.json edited to point a
// remote at a "new" entry, then pages asked for until the server renders with it. Measures the server's resident
// memory before and after, because each remotes.json version gets a render worker of its own (the old one is
// ended) and Node never frees an imported module otherwise. Used by the e2e soak test and by `pnpm bench`.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The process's resident memory in MB, from /proc (Linux). @param {number} pid */
export async function residentMB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kB = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kB)) throw new Error(`no VmRSS for process ${pid}`);
  return kB / 1024;
}

/** @param {string} file @param {string} text */
async function writeAtomically(file, text) {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.soak.tmp`);
  await writeFile(temp, text);
  await rename(temp, file);
}

/**
 * @typedef {object} SoakResult
 * @property {number} redeploys
 * @property {number} beforeMB resident memory after the warm-up redeploys
 * @property {number} afterMB after the last redeploy, once its previous worker has ended
 * @property {number} peakMB the highest seen between
 * @property {number} medianMs from the edit to the first page rendered with the new entry
 * @property {number} maxMs
 */

/**
 * @param {{ shellUrl: string, remotesFile: string, pid: number, pagePath: string, remote?: string, count?: number, warmup?: number }} options
 * @returns {Promise<SoakResult>}
 */
export async function soakRedeploys({ shellUrl, remotesFile, pid, pagePath, remote = 'mf-product', count = 50, warmup = 5 }) {
  const original = await readFile(remotesFile, 'utf8');
  const manifest = JSON.parse(original);
  const entry = String(manifest[remote].entry);

  /** A new version: the same build under a new address, which is all the shell server sees of a release. */
  const redeploy = async (/** @type {string} */ version) => {
    const moved = `${entry}?v=${version}`;
    const started = Date.now();
    await writeAtomically(remotesFile, JSON.stringify({ ...manifest, [remote]: { entry: moved } }, null, 2));
    for (;;) {
      const html = await (await fetch(`${shellUrl}${pagePath}`)).text();
      if (html.includes(JSON.stringify(moved))) return Date.now() - started;
      if (Date.now() - started > 10_000) throw new Error(`the server did not render with ${moved} within 10 s`);
      await sleep(50);
    }
  };

  try {
    for (let n = 0; n < warmup; n++) await redeploy(`warm${n}`);
    const beforeMB = await residentMB(pid);
    let peakMB = beforeMB;
    /** @type {number[]} */
    const times = [];
    for (let n = 0; n < count; n++) {
      times.push(await redeploy(String(n)));
      peakMB = Math.max(peakMB, await residentMB(pid));
    }
    // One more page, so the last retired worker has sent its renders and ended.
    await fetch(`${shellUrl}${pagePath}`);
    const afterMB = await residentMB(pid);
    const sorted = [...times].sort((a, b) => a - b);
    return { redeploys: count, beforeMB, afterMB, peakMB, medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0, maxMs: sorted.at(-1) ?? 0 };
  } finally {
    await writeAtomically(remotesFile, original);
  }
}

/**
 * @typedef {object} PreviewSoakResult
 * @property {number} previews
 * @property {number} cap the preview workers the server keeps
 * @property {number} mostWorkers the most render workers seen alive (the base one included)
 * @property {number} beforeMB resident memory once the first `cap` previews filled the pool
 * @property {number} afterMB after the last preview
 * @property {number} peakMB
 */

/**
 * Distinct previews in a row against a running shell server, as one visitor after another opens a preview of
 * a new version: each a token for the same build under a new address, then a page with it. Each preview's
 * manifest gets a render worker of its own; the server keeps at most its cap of them (GET
 * /_platform/render-workers says how many are alive), so memory must stay flat however many come.
 * @param {{ shellUrl: string, credential: string, pid: number, pagePath: string, remote?: string, count?: number }} options
 * @returns {Promise<PreviewSoakResult>}
 */
export async function soakPreviews({ shellUrl, credential, pid, pagePath, remote = 'mf-product', count = 20 }) {
  const auth = { authorization: `Bearer ${credential}` };
  const base = await (await fetch(`${shellUrl}/remotes.json`)).json();
  const entry = String(base[remote].entry);
  const workers = async () => /** @type {{ live: number, previewCap: number }} */ (await (await fetch(`${shellUrl}/_platform/render-workers`, { headers: auth })).json());
  const { previewCap: cap } = await workers();
  let mostWorkers = 0;
  let beforeMB = 0;
  let peakMB = 0;
  for (let n = 0; n < count; n++) {
    const moved = `${entry}?preview=${n}-${Date.now()}`;
    const issued = await fetch(`${shellUrl}/_platform/previews`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ remotes: { [remote]: { entry: moved } }, ttlSeconds: 600 }),
    });
    if (issued.status !== 201) throw new Error(`the preview token was refused: ${issued.status} ${await issued.text()}`);
    const { token } = await issued.json();
    const html = await (await fetch(`${shellUrl}${pagePath}`, { headers: { 'x-linkhunt-preview': token } })).text();
    if (!html.includes(JSON.stringify(moved))) throw new Error(`preview ${n}'s page was not rendered with ${moved}`);
    mostWorkers = Math.max(mostWorkers, (await workers()).live);
    const mb = await residentMB(pid);
    peakMB = Math.max(peakMB, mb);
    if (n === cap - 1) beforeMB = mb;
  }
  return { previews: count, cap, mostWorkers, beforeMB, afterMB: await residentMB(pid), peakMB };
}
