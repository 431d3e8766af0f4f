// @ts-check
// Lighthouse mobile performance of pages of a running site, median of 5 runs each (BENCH_LIGHTHOUSE_RUNS), as `pnpm bench`.
// Usage: pnpm bench:lighthouse [URL ...] (the site running, e.g. after `npm start`)
import { launchBrowser, lighthouseMedian } from './web-measure.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const urls = process.argv.slice(2);
if (urls.length === 0) urls.push('http://localhost:5000/es/index', 'http://localhost:5000/es/cat/sneakers');

const browser = await launchBrowser();
try {
  console.log(`page | performance (median of ${RUNS}) | FCP s | LCP s | TBT ms | CLS`);
  for (const url of urls) {
    const m = await lighthouseMedian(url, RUNS);
    console.log(`${new URL(url).pathname} | ${m.score} (${m.scores.join(', ')}) | ${m.fcp.toFixed(1)} | ${m.lcp.toFixed(1)} | ${m.tbt.toFixed(0)} | ${m.cls.toFixed(3)}`);
  }
} finally {
  await browser.close();
}
