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
/** A visitor's bucket (a random id kept a year): which canaries they get, the same on every load. */
export const BUCKET_COOKIE = 'linkhunt_bucket';
/** A page or remotes.json given a canary names its remotes here: `mf-product, …`. */
export const CANARY_HEADER = 'x-linkhunt-canary';
/** Where the platform API lives on the shell server. */
export const PLATFORM_PREFIX = '/_platform';
/** Opening `/_preview?token=…` starts a preview in this browser; `/_preview/end` ends it. */
export const PREVIEW_PATH = '/_preview';

export type { PlatformError, PreviewRequest, PreviewResponse, RemoteEntries, RemoteEntry } from './schemas/platform.js';

/**
 * Deploys, history and rollback (docs/platform.md). The preflight checks a deploy or rollback passes, in the
 * order they run; the first that fails refuses it, and the later ones do not run.
 */
export const PREFLIGHT_CHECKS = ['allowlisted', 'reachable', 'manifest-name', 'exposes', 'shared', 'smoke-render', 'new-build'] as const;
export type PreflightCheck = (typeof PREFLIGHT_CHECKS)[number];
/**
 * What wrote a history line: the platform API, or someone editing remotes.json by hand. `canary` starts a canary
 * or changes its percentage; `canary-abort` takes it away (by a credential, or by the health watch). Canary lines
 * never change what everyone runs: rollbacks and hand-edit detection read only the others.
 */
export const HISTORY_ACTIONS = ['deploy', 'rollback', 'hand-edit', 'canary', 'canary-abort'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];
export const isCanaryAction = (action: HistoryAction): boolean => action === 'canary' || action === 'canary-abort';
/** The `by` of what the health watch does by itself: a rollback, a canary aborted. */
export const HEALTH_WATCH_AUTHOR = 'health watch';
/** The `by` of a history line the platform did not write: remotes.json was edited by hand. */
export const HAND_EDIT_AUTHOR = 'hand edit';

export type {
  CanaryRequest,
  CheckResult,
  DeployRequest,
  DeployResponse,
  HistoryLine,
  HistoryQuery,
  HistoryResponse,
  PreflightRefusal,
  RemotesResponse,
  RollbackRequest,
} from './schemas/platform.js';
