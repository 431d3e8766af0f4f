// @ts-check
// The page measurements of the web benchmarks, shared by the single-purpose scripts and the suite (suite.mjs).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

const DEBUG_PORT = 9333;
const PRODUCT_IMAGE = /\/images\/products\//;

/** @param {number[]} values */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Debian's chromium with the flags this machine needs, and a debugging port for Lighthouse. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      `--remote-debugging-port=${DEBUG_PORT}`,
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/**
 * @typedef {object} FirstLoad
 * @property {number} scripts scripts fetched until the network is idle
 * @property {number} rawKB their size as sent uncompressed
 * @property {number} gzipKB the same, gzip -9 (what a compressing static server sends)
 * @property {number | null} requestsBeforeImage requests started before the first product image; null when the page shows none
 */

/**
 * A fresh visit (empty cache, no consent stored) until the network is idle.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @returns {Promise<FirstLoad>}
 */
export async function firstLoad(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  /** @type {Promise<Buffer>[]} */
  const bodies = [];
  let started = 0;
  /** @type {number | null} */
  let beforeImage = null;
  page.on('request', (request) => {
    if (beforeImage === null && PRODUCT_IMAGE.test(request.url())) beforeImage = started;
    started += 1;
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) bodies.push(response.body());
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(bodies);
    return {
      scripts: scripts.length,
      rawKB: scripts.reduce((sum, body) => sum + body.length, 0) / 1024,
      gzipKB: scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024,
      requestsBeforeImage: beforeImage,
    };
  } finally {
    await context.close();
  }
}

/**
 * @typedef {object} LighthouseRun
 * @property {number} score performance, 0-100
 * @property {number} fcp seconds
 * @property {number} lcp seconds
 * @property {number} tbt milliseconds
 * @property {number} cls
 */

/**
 * Lighthouse's mobile preset (its default: a mid-range phone on a throttled 4G link, simulated), `runs` times;
 * each figure is the median of the runs, because one run wobbles by a few points.
 * @param {string} url
 * @param {number} runs
 * @returns {Promise<LighthouseRun & { scores: number[] }>}
 */
export async function lighthouseMedian(url, runs) {
  /** @type {LighthouseRun[]} */
  const results = [];
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(url, { port: DEBUG_PORT, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
    const audit = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? NaN;
    results.push({
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint') / 1000,
      lcp: audit('largest-contentful-paint') / 1000,
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    });
  }
  const pick = (/** @type {keyof LighthouseRun} */ key) => median(results.map((r) => r[key]));
  return { score: pick('score'), fcp: pick('fcp'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), scores: results.map((r) => r.score) };
}

/** The pages the benchmarks measure: a seeded brand, product and user among them, read from the API like a visitor's page would. @param {string} apiUrl */
export async function samplePages(apiUrl) {
  const answer = await (await fetch(`${apiUrl}/products/recents`)).json();
  /** @type {{ slug: string, brand?: { slug: string } | null }[]} */
  const products = answer.results.data;
  const withBrand = products.find((product) => product.brand && product.brand.slug !== 'various');
  if (!withBrand?.brand) throw new Error('the seeded catalogue has no product with a brand');
  const product = await (await fetch(`${apiUrl}/products/slug/${withBrand.slug}?include=user`)).json();
  const username = product.results.data.user?.username;
  if (!username) throw new Error('the seeded product has no uploader');
  return ['/es/index', '/es/cat/sneakers', `/es/brand/${withBrand.brand.slug}`, `/es/product/${withBrand.slug}`, `/es/user/${username}`, '/es/search?q=zapatillas', '/es/auth'];
}
