// @ts-check
// First-load JavaScript of pages of a running site: every script a fresh visit downloads until the network is
// idle, summed raw and gzip-compressed (level 9, as a static server would send it).
// Usage: pnpm bench:web [URL ...] (the site running, e.g. after `npm start`) [http://localhost:5000/es/index ...]
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const urls = process.argv.slice(2);
if (urls.length === 0) urls.push('http://localhost:5000/es/index');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  console.log('page | scripts | raw KB | gzip KB');
  for (const url of urls) {
    const page = await browser.newPage();
    /** @type {Promise<Buffer>[]} */
    const bodies = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) bodies.push(response.body());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(bodies);
    const raw = scripts.reduce((sum, body) => sum + body.length, 0);
    const gzip = scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    console.log(`${new URL(url).pathname} | ${scripts.length} | ${(raw / 1024).toFixed(1)} | ${(gzip / 1024).toFixed(1)}`);
    await page.close();
  }
} finally {
  await browser.close();
}
