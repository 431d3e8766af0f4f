// @ts-check
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'vitest';
import { adFramePolicy, inlineHashes, siteOrigins, sitePolicy } from './content-security-policy.mjs';

const CONFIG = {
  apiUrl: 'http://localhost:4000',
  imageUrl: 'https://img.example/products/',
  siteUrl: 'http://localhost:5000',
  ads: { scriptHost: 'https://ads.example', keys: { '728x90': 'k' } },
};
const REMOTES = {
  'mf-catalogue': { entry: 'http://localhost:5001/remoteEntry.js' },
  'mf-product': { entry: 'https://cdn.example/product/v2/remoteEntry.js' },
};

/**
 * The policy as directive name → its values.
 * @param {string} policy
 */
function directives(policy) {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

const sha256 = (/** @type {string} */ text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('sitePolicy', () => {
  it('allows the site, its remotes, the API and its image host, and nothing else', () => {
    const policy = directives(sitePolicy({ config: CONFIG, remotes: REMOTES }));
    const remotes = ['http://localhost:5001', 'https://cdn.example'];
    assert.deepEqual(policy['default-src'], ["'self'"]);
    assert.deepEqual(policy['script-src'], ["'self'", ...remotes]);
    assert.deepEqual(policy['style-src'], ["'self'", ...remotes]);
    assert.deepEqual(policy['connect-src'], ["'self'", 'http://localhost:4000', 'https://img.example', ...remotes, 'https://ads.example']);
    assert.deepEqual(policy['img-src'], ["'self'", 'http://localhost:4000', 'https://img.example', ...remotes, 'data:', 'blob:']);
    assert.deepEqual(policy['font-src'], ["'self'", ...remotes]);
    assert.deepEqual(policy['frame-src'], ["'self'"]);
    assert.deepEqual(policy['object-src'], ["'none'"]);
    assert.deepEqual(policy['base-uri'], ["'self'"]);
    assert.deepEqual(policy['form-action'], ["'self'"]);
    assert.deepEqual(policy['frame-ancestors'], ["'none'"]);
    // The ad network's script never runs in the site's pages.
    assert.ok(!policy['script-src']?.includes('https://ads.example'));
    for (const values of Object.values(policy)) assert.ok(!values.some((value) => value.includes('unsafe')), `${values.join(' ')}`);
  });

  it("names a moved remote's new origin and no longer the old one", () => {
    const moved = { ...REMOTES, 'mf-catalogue': { entry: 'http://localhost:5111/remoteEntry.js' } };
    const policy = directives(sitePolicy({ config: CONFIG, remotes: moved }));
    assert.ok(policy['script-src']?.includes('http://localhost:5111'));
    assert.ok(!policy['script-src']?.includes('http://localhost:5001'));
  });

  it("adds the page's inline script and style hashes", () => {
    const policy = directives(sitePolicy({ config: CONFIG, remotes: REMOTES }, { scripts: ["'sha256-abc='"], styles: ["'sha256-def='"] }));
    assert.ok(policy['script-src']?.includes("'sha256-abc='"));
    assert.ok(policy['style-src']?.includes("'sha256-def='"));
  });

  it('is the site alone when the runtime files are missing or not objects', () => {
    for (const files of [{}, { config: 'x', remotes: [1, 2] }, { config: null, remotes: { 'mf-search': 'http://x.example' } }]) {
      const policy = directives(sitePolicy(files));
      assert.deepEqual(policy['script-src'], ["'self'"]);
      assert.deepEqual(policy['connect-src'], ["'self'"]);
    }
  });
});

describe('siteOrigins', () => {
  it('keeps http(s) origins only, and never a value that could end a directive', () => {
    const origins = siteOrigins({
      config: { apiUrl: '/api', imageUrl: 'javascript:alert(1)', ads: { scriptHost: "https://ads.example;script-src 'unsafe-inline'" } },
      remotes: { a: { entry: 'https://a,b.example/remoteEntry.js' }, b: { entry: 'ftp://files.example/e.js' }, c: { entry: 42 }, d: { entry: 'not a url' } },
    });
    assert.deepEqual(origins, { api: [], remotes: [], ads: [] });
  });

  it('takes a protocol-relative ad host as its host, matched on the page scheme', () => {
    assert.deepEqual(siteOrigins({ config: { apiUrl: 'HTTP://API.Example:80/v1', ads: { scriptHost: '//www.ads.example' } } }), {
      api: ['http://api.example'],
      remotes: [],
      ads: ['www.ads.example'],
    });
  });
});

describe('adFramePolicy', () => {
  it('lets the frame run its own script and the ad host, sandboxed, framed by the site only', () => {
    const policy = directives(adFramePolicy({ config: CONFIG }));
    assert.deepEqual(policy['default-src'], ["'none'"]);
    assert.deepEqual(policy['script-src'], ["'self'", 'https://ads.example']);
    assert.deepEqual(policy['frame-src'], ['https://ads.example']);
    assert.deepEqual(policy['img-src'], ['https://ads.example', 'data:']);
    assert.deepEqual(policy['frame-ancestors'], ["'self'"]);
    assert.deepEqual(policy.sandbox, ['allow-scripts', 'allow-popups', 'allow-popups-to-escape-sandbox']);
    assert.ok(!policy['connect-src']?.includes('http://localhost:4000'));
  });

  it('allows no ad host at all when none is configured', () => {
    const policy = directives(adFramePolicy({ config: { apiUrl: 'http://localhost:4000', ads: { scriptHost: '' } } }));
    assert.deepEqual(policy['script-src'], ["'self'"]);
    assert.deepEqual(policy['connect-src'], ["'none'"]);
    assert.deepEqual(policy['frame-src'], ["'none'"]);
  });
});

describe('inlineHashes', () => {
  it('hashes inline scripts and styles, not external scripts nor data blocks, with line endings as the browser sees them', () => {
    const html = [
      '<html><head><script>(function boot(){})();</script>',
      '<script type="module" crossorigin src="/assets/app.js"></script>',
      '<SCRIPT>\r\nwindow.a = 1;\r\n</SCRIPT >',
      '<style media="print">body { color: black }</style>',
      '</head><body><script type="application/ld+json">{"a":1}</script><script type="application/json" id="s">{"b":2}</script></body></html>',
    ].join('\n');
    assert.deepEqual(inlineHashes(html), {
      scripts: [sha256('(function boot(){})();'), sha256('\nwindow.a = 1;\n')],
      styles: [sha256('body { color: black }')],
    });
  });

  it("allows a server-rendered page's style attributes one by one, as the browser reads them", () => {
    const html = '<div style="width:10px;height:2rem"></div><span style="background-image:url(&quot;/a.webp&quot;)"></span>';
    assert.deepEqual(inlineHashes(html), {
      scripts: [],
      styles: ["'unsafe-hashes'", sha256('width:10px;height:2rem'), sha256('background-image:url("/a.webp")')],
    });
  });

  it('finds nothing in a page without inline code', () => {
    assert.deepEqual(inlineHashes('<!doctype html><script src="/a.js"></script><link rel="stylesheet" href="/a.css">'), { scripts: [], styles: [] });
  });
});
