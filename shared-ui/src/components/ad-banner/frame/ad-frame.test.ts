import { describe, expect, it, vi } from 'vitest';
import source from './ad-frame.js?raw';

/** Runs the frame's script as the frame would, at this query, and returns what it wrote and set. */
function runFrame(search: string) {
  const write = vi.fn<(markup: string) => void>();
  const body = { style: { margin: '' } };
  const frameWindow: { atOptions?: unknown } = {};
  new Function('document', 'location', 'window', source)({ write, body }, { search }, frameWindow);
  const written = write.mock.calls.map(([markup]) => markup).join('');
  const scripts = [...new DOMParser().parseFromString(`<body>${written}</body>`, 'text/html').querySelectorAll('script')];
  return { scripts: scripts.map((script) => script.getAttribute('src')), atOptions: frameWindow.atOptions, margin: body.style.margin };
}

describe('the ad frame', () => {
  it("sets the network's options and writes its invoke script for the key", () => {
    const frame = runFrame('?host=https%3A%2F%2Fads.test%2F&key=wide-key&width=728&height=90');
    expect(frame.atOptions).toEqual({ key: 'wide-key', format: 'iframe', height: 90, width: 728, params: {} });
    expect(frame.scripts).toEqual(['https://ads.test/wide-key/invoke.js']);
    expect(frame.margin).toBe('0');
  });

  it('keeps markup in a key or host inside the one script address', () => {
    const key = '"></script><script>alert(1)</script>';
    const frame = runFrame(`?${new URLSearchParams({ host: 'https://ads.test/"><img src=x onerror=alert(1)>', key, width: '320', height: '50' })}`);
    expect(frame.scripts).toEqual([`https://ads.test/"><img src=x onerror=alert(1)>/${encodeURIComponent(key)}/invoke.js`]);
  });

  it('writes nothing without a host, a key or a size', () => {
    for (const search of ['?key=k&width=320&height=50', '?host=https%3A%2F%2Fads.test&width=320&height=50', '?host=https%3A%2F%2Fads.test&key=k&width=0&height=50', '']) {
      expect(runFrame(search)).toEqual({ scripts: [], atOptions: undefined, margin: '' });
    }
  });
});
