// @ts-check
// First-load JavaScript of pages of a running site: every script a fresh visit downloads until the network is
// idle, summed raw and gzip-compressed (level 9, as a static server would send it).
// Usage: pnpm bench:web [URL ...] (the site running, e.g. after `npm start`) [http://localhost:5000/es/index ...]
import { firstLoad, launchBrowser } from './web-measure.mjs';

const urls = process.argv.slice(2);
if (urls.length === 0) urls.push('http://localhost:5000/es/index');

const browser = await launchBrowser();
try {
  console.log('page | scripts | raw KB | gzip KB | requests before the first product image');
  for (const url of urls) {
    const load = await firstLoad(browser, url);
    console.log(`${new URL(url).pathname} | ${load.scripts} | ${load.rawKB.toFixed(1)} | ${load.gzipKB.toFixed(1)} | ${load.requestsBeforeImage ?? '-'}`);
  }
} finally {
  await browser.close();
}
