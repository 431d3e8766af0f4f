// @ts-check
import { readFile, writeFile } from 'node:fs/promises';

/** @typedef {{ area: string, item: string, figure: string, target: string, met: boolean | null }} Row */

/** A run's rows as the benchmarks doc shows them (met: yes, NO, or blank for a figure without a target). @param {Row[]} rows */
export function markdownTable(rows) {
  const lines = ['| area | measure | figure | target | met |', '| --- | --- | --- | --- | --- |'];
  for (const row of rows) lines.push(`| ${row.area} | ${row.item} | ${row.figure} | ${row.target} | ${row.met === null ? '' : row.met ? 'yes' : 'NO'} |`);
  return lines.join('\n');
}

/**
 * Replaces what stands between `<!-- {marker}:start -->` and `<!-- {marker}:end -->` in a doc (docs/benchmarks.md)
 * with a run's table and the machine it ran on; the rest of the doc is left as written.
 * @param {string} doc the file @param {string} marker `bench`, `bench:flood` @param {string} table markdown @param {string} on the machine
 */
export async function writeDocSection(doc, marker, table, on) {
  const [open, close] = [`<!-- ${marker}:start -->`, `<!-- ${marker}:end -->`];
  const text = await readFile(doc, 'utf8');
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start === -1 || end === -1) throw new Error(`${doc} lacks the ${open} … ${close} markers`);
  const block = `${open}\nLatest run: ${new Date().toISOString().slice(0, 10)}, ${on}.\n\n${table}\n${close}`;
  await writeFile(doc, text.slice(0, start) + block + text.slice(end + close.length));
}
