/**
 * The shell server's remotes platform (`/_platform/…`), as its clients see it: the CLI, the console, the
 * end-to-end suite. Schemas: schemas/platform.ts.
 */

/**
 * The cookie a preview link sets, and the header a script or a test's own requests send instead (per request: as a
 * browser context's extraHTTPHeaders it would go to the remotes and the API too, and preflight their reads).
 */
export const PREVIEW_COOKIE = 'linkhunt_preview';
export const PREVIEW_HEADER = 'x-linkhunt-preview';
/** Every page or remotes.json answered with an override names it here: `mf-product=<entry>, …`. */
export const OVERRIDE_HEADER = 'x-linkhunt-override';
/** Where the platform API lives on the shell server. */
export const PLATFORM_PREFIX = '/_platform';
/** Opening `/_preview?token=…` starts a preview in this browser; `/_preview/end` ends it. */
export const PREVIEW_PATH = '/_preview';

export type { PlatformError, PreviewRequest, PreviewResponse, RemoteEntries, RemoteEntry } from './schemas/platform.js';
