import { DEFAULT_SITE_ORIGINS } from '../config.js';

/** The Origin the site's pages send (a test app's CORS_ORIGINS are the defaults): counting routes answer only it. */
export const SITE_ORIGIN = DEFAULT_SITE_ORIGINS[0] ?? 'http://localhost:5000';

/** Headers of a request from the site's pages, as a browser sends them: with the site's Origin. */
export const fromSite = (headers: Record<string, string> = {}): Record<string, string> => ({ origin: SITE_ORIGIN, ...headers });

/**
 * Headers of a request from the site by an anonymous visitor at `address`, as a trusted proxy forwards it:
 * believed only by an app made with `trustProxy: TRUSTED_LOOPBACK`.
 */
export const fromSiteAt = (address: string, headers: Record<string, string> = {}): Record<string, string> =>
  fromSite({ 'x-forwarded-for': address, ...headers });

/** The test client's own address, trusted as a proxy, so that X-Forwarded-For names the visitor. */
export const TRUSTED_LOOPBACK = ['127.0.0.1'];
