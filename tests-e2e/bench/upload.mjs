// @ts-check
// The upload of a photo just under the 2 MB limit, as a contributor does it: from pressing "Upload product" on
// /en/product/new to the new product's page, in Debian's chromium against a running site. Each run registers a
// fresh account through the API. Prints each run and the median.
// Usage: pnpm bench:upload [SITE_URL] (default http://localhost:5000, the site of `npm start`)
import { noisePng } from '../src/support/png.mjs';
import { launchBrowser, median } from './web-measure.mjs';

const RUNS = 3;
const site = (process.argv[2] ?? 'http://localhost:5000').replace(/\/$/, '');
const { apiUrl } = await (await fetch(`${site}/config.json`)).json();
const photo = noisePng(830, 830);

const browser = await launchBrowser();

try {
  console.log(`photo: ${(photo.length / 1024 / 1024).toFixed(2)} MB PNG (830 x 830)`);
  console.log('run | upload request ms | press to product page ms');
  /** @type {number[]} */ const totals = [];
  /** @type {number[]} */ const requests = [];
  for (let run = 1; run <= RUNS; run++) {
    const id = `bench${Date.now().toString(36)}${run}`;
    const registered = await fetch(`${apiUrl}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: id, email: `${id}@example.com`, password: 'a-long-password' }),
    });
    if (!registered.ok) throw new Error(`register answered ${registered.status}`);
    const token = (await registered.json()).token.accessToken;
    const page = await browser.newPage();
    await page.addInitScript(([value]) => {
      localStorage.setItem('linkhunt.token', value);
      localStorage.setItem('linkhunt.consent', 'denied');
    }, [token]);
    await page.goto(`${site}/en/product/new`);
    await page.getByLabel('Title').fill(`Benchmark upload ${id}`);
    await page.getByLabel('Description').fill('A photo just under the limit.');
    await page.getByLabel('Hacoo link').fill('https://www.hacoo.com/product/1');
    await page.getByLabel('Sneakers').check();
    await page.getByLabel('Photo').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });

    const upload = page.waitForResponse((response) => response.url() === `${apiUrl}/products` && response.request().method() === 'POST');
    const started = performance.now();
    await page.getByRole('button', { name: 'Upload product' }).click();
    const response = await upload;
    await page.getByRole('heading', { level: 1, name: `Benchmark upload ${id}` }).waitFor();
    const total = performance.now() - started;
    const timing = response.request().timing();
    const request = timing.responseEnd - timing.requestStart;
    totals.push(total);
    requests.push(request);
    console.log(`${run} | ${request.toFixed(0)} | ${total.toFixed(0)}`);
    await page.close();
  }
  console.log(`median | ${median(requests).toFixed(0)} | ${median(totals).toFixed(0)}`);
} finally {
  await browser.close();
}
