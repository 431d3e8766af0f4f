// @ts-check
// Lighthouse mobile performance (its default: a mid-range phone on a throttled 4G link, simulated) of pages of
// a running site, with the page's first-load figures. Each page is measured RUNS times and the median is kept,
// because a single run wobbles by a few points.
// Usage: pnpm bench:lighthouse [URL ...] (the site running, e.g. after `npm start`)
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

const RUNS = 3;
const DEBUG_PORT = 9333;
const urls = process.argv.slice(2);
if (urls.length === 0) urls.push('http://localhost:5000/es/index', 'http://localhost:5000/es/cat/sneakers');

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    `--remote-debugging-port=${DEBUG_PORT}`,
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

try {
  console.log(`page | performance (median of ${RUNS}) | FCP s | LCP s | TBT ms | CLS | script KB (transfer)`);
  for (const url of urls) {
    /** @type {{ score: number, fcp: number, lcp: number, tbt: number, cls: number, js: number }[]} */
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(url, { port: DEBUG_PORT, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
      if (!result) throw new Error(`lighthouse gave no result for ${url}`);
      const { lhr } = result;
      const audit = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? NaN;
      const scripts = /** @type {{ items?: { resourceType: string, transferSize: number }[] }} */ (lhr.audits['resource-summary']?.details);
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint') / 1000,
        lcp: audit('largest-contentful-paint') / 1000,
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        js: (scripts?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? NaN) / 1024,
      });
    }
    const pick = (/** @type {keyof (typeof runs)[number]} */ key) => median(runs.map((r) => r[key]));
    console.log(
      `${new URL(url).pathname} | ${pick('score')} (${runs.map((r) => r.score).join(', ')}) | ${pick('fcp').toFixed(1)} | ${pick('lcp').toFixed(1)} | ${pick('tbt').toFixed(0)} | ${pick('cls').toFixed(3)} | ${pick('js').toFixed(1)}`,
    );
  }
} finally {
  await browser.close();
}
