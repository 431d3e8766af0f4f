import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const urls = process.argv.slice(2);
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const messages = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text().slice(0, 300)}`); });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message.slice(0, 300)}`));
  for (const url of urls) {
    messages.length = 0;
    await page.goto(`http://localhost:5000${url}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    console.log(width, url, messages.length ? messages.join('\n   ') : 'clean');
  }
  await page.close();
}
await browser.close();
