import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const FRAME_DIR = new URL('../src/components/ad-banner/frame/', import.meta.url);
/** At the root of the site, where AdBanner frames them (AD_FRAME_PATH in ad-frame-url.ts). */
const FILES: Record<string, string> = {
  'ad-frame.html': 'text/html; charset=utf-8',
  'ad-frame.js': 'text/javascript; charset=utf-8',
};

/**
 * The ad frame's document and script, copied as they are into the build of every page that may show an ad (the
 * shell, a remote's standalone page) and served by the dev server. They are not bundled: the frame's
 * Content-Security-Policy allows its one script by address.
 */
export function adFrameFiles(): Plugin {
  const read = (name: string) => readFileSync(new URL(name, FRAME_DIR));
  return {
    name: 'linkhunt-ad-frame-files',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split('?', 1)[0]?.slice(1) ?? '';
        const type = FILES[name];
        if (!type) return next();
        res.setHeader('Content-Type', type);
        res.end(read(name));
      });
    },
    generateBundle() {
      for (const fileName of Object.keys(FILES)) this.emitFile({ type: 'asset', fileName, source: read(fileName) });
    },
  };
}
