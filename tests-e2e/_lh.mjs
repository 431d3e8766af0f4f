import lighthouse from 'lighthouse';
import { launchBrowser } from './bench/web-measure.mjs';
const browser = await launchBrowser();
const url = process.argv[2];
const result = await lighthouse(url, { port: 9333, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
const { lhr } = result;
const a = (id) => lhr.audits[id];
console.log('score', lhr.categories.performance.score, 'FCP', a('first-contentful-paint').numericValue, 'LCP', a('largest-contentful-paint').numericValue, 'TBT', a('total-blocking-time').numericValue, 'SI', a('speed-index').numericValue);
for (const id of Object.keys(lhr.audits).filter((k) => /lcp|render-blocking|network-dependency|document-latency/.test(k))) {
  const d = a(id).details;
  console.log('==', id, a(id).displayValue ?? '', JSON.stringify(d?.items ?? d ?? {}).slice(0, 900));
}
await browser.close();
