/**
 * The shell server's remotes platform (`/_platform/…`), as its clients see it: the CLI, the console, the
 * end-to-end suite. Schemas: schemas/platform.ts.
 */

/** The cookie a preview link sets, and the header a test runner sends instead (Playwright's extraHTTPHeaders). */
export const PREVIEW_COOKIE = 'linkhunt_preview';
export const PREVIEW_HEADER = 'x-linkhunt-preview';
/** Every page or remotes.json answered with an override names it here: `mf-product=<entry>, …`. */
export const OVERRIDE_HEADER = 'x-linkhunt-override';
/** A visitor's bucket (a random id kept a year): which canaries they get, the same on every load. */
export const BUCKET_COOKIE = 'linkhunt_bucket';
/** A page or remotes.json given a canary names its remotes here: `mf-product, …`. */
export const CANARY_HEADER = 'x-linkhunt-canary';
/** Where the platform API lives on the shell server. */
export const PLATFORM_PREFIX = '/_platform';
/** Opening `/_preview?token=…` starts a preview in this browser; `/_preview/end` ends it. */
export const PREVIEW_PATH = '/_preview';

export type { PlatformError, PreviewRequest, PreviewResponse, RemoteEntries, RemoteEntry } from './schemas/platform.js';
