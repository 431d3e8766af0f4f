import '../server-only.js';
import Type from 'typebox';
import { HISTORY_ACTIONS, PREFLIGHT_CHECKS } from '../platform.js';
import { REMOTE_IDS, type RemoteId } from '../remotes.js';

/** The remotes platform of the shell server (`/_platform/…`): previews, deploys, history and rollback. */

export const RemoteIdSchema = Type.Unsafe<RemoteId>(Type.Union(REMOTE_IDS.map((id) => Type.Literal(id))));

/** Where one version of a remote lives: its browser entry and, when not beside it, its server entry. */
export const RemoteEntry = Type.Object(
  {
    entry: Type.String({ minLength: 1, maxLength: 2000 }),
    ssrEntry: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type RemoteEntry = Type.Static<typeof RemoteEntry>;

/** Entries for some remotes, by remote: what a preview overrides. */
export const RemoteEntries = Type.Object(Object.fromEntries(REMOTE_IDS.map((id) => [id, Type.Optional(RemoteEntry)])), {
  minProperties: 1,
  additionalProperties: false,
});
export type RemoteEntries = Partial<Record<RemoteId, RemoteEntry>>;

/** POST /_platform/previews: a preview token for one visitor (a link, or a header for a test runner). */
export const PreviewRequest = Type.Object(
  {
    remotes: RemoteEntries,
    /** How long the token holds; 1 day when not said, at most 7 days. */
    ttlSeconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 604_800 })),
  },
  { additionalProperties: false },
);
export type PreviewRequest = Omit<Type.Static<typeof PreviewRequest>, 'remotes'> & { remotes: RemoteEntries };

export const PreviewResponse = Type.Object({
  /** Carried as the `linkhunt_preview` cookie (set by `link`) or the X-Linkhunt-Preview header. */
  token: Type.String(),
  /** Opening it sets the cookie and goes to the home page. */
  link: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  remotes: Type.Array(RemoteIdSchema),
});
export type PreviewResponse = Type.Static<typeof PreviewResponse>;

/** A refusal of the platform API: a stable code and a sentence naming the reason. */
export const PlatformError = Type.Object({ error: Type.String(), message: Type.String() });
export type PlatformError = Type.Static<typeof PlatformError>;

// Deploys, history and rollback.

const literals = <T extends string>(values: readonly T[]) => Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

/** One preflight check's verdict; `reason` says why it refused. */
export const CheckResult = Type.Object({
  check: literals(PREFLIGHT_CHECKS),
  ok: Type.Boolean(),
  reason: Type.Optional(Type.String()),
});
export type CheckResult = Type.Static<typeof CheckResult>;

const Entry = Type.Union([RemoteEntry, Type.Null()]);

/** One line of the append-only deploy history (`<stateDir>/history.jsonl`). */
export const HistoryLine = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  /** The credential's name, or "hand edit". */
  by: Type.String(),
  action: literals(HISTORY_ACTIONS),
  remote: RemoteIdSchema,
  /** null: the remote had no entry before (or has none after). */
  from: Entry,
  to: Entry,
  /** The preflight checks passed (none for a hand edit). */
  checks: Type.Array(CheckResult),
  /** SHA-256 of the build's remoteEntry.js, server entry and mf-manifest.json; null when not known (a hand edit). */
  fingerprint: Type.Union([Type.String(), Type.Null()]),
  /** A `canary` line: the share of visitors given `to`. */
  percent: Type.Optional(Type.Number()),
  /** Why the platform acted by itself (the health watch): the counts that decided. */
  reason: Type.Optional(Type.String()),
});
export type HistoryLine = Type.Static<typeof HistoryLine>;

/**
 * POST /_platform/canaries: give `percent` % of visitors another version of a remote, after the deploy checks. The
 * same entry again only changes the percentage (raising it keeps everyone who had it). A deploy of the remote
 * ends its canary (promote: deploy the canary's entry).
 */
export const CanaryRequest = Type.Object(
  {
    remote: RemoteIdSchema,
    entry: Type.String({ minLength: 1, maxLength: 2000 }),
    ssrEntry: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    percent: Type.Integer({ minimum: 1, maximum: 100 }),
  },
  { additionalProperties: false },
);
export type CanaryRequest = Type.Static<typeof CanaryRequest>;

/** DELETE /_platform/canaries/:remote: the canary taken away. */
export const CanaryParams = Type.Object({ remote: RemoteIdSchema }, { additionalProperties: false });
export type CanaryParams = Type.Static<typeof CanaryParams>;

/** POST /_platform/deploys. */
export const DeployRequest = Type.Object(
  {
    remote: RemoteIdSchema,
    entry: Type.String({ minLength: 1, maxLength: 2000 }),
    ssrEntry: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    /** Run the checks only: nothing is written or recorded. */
    dryRun: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DeployRequest = Type.Static<typeof DeployRequest>;

/** A deploy or rollback that passed: its history line (none for a dry run) and the checks. */
export const DeployResponse = Type.Object({
  dryRun: Type.Boolean(),
  entry: Type.Optional(HistoryLine),
  checks: Type.Array(CheckResult),
});
export type DeployResponse = Type.Static<typeof DeployResponse>;

/** 422: a check refused; `message` is the failing check's reason. */
export const PreflightRefusal = Type.Object({
  error: Type.Literal('preflight_failed'),
  message: Type.String(),
  checks: Type.Array(CheckResult),
});
export type PreflightRefusal = Type.Static<typeof PreflightRefusal>;

/** POST /_platform/rollbacks. `to`: a history line's id or an entry URL; by default the version before the current one. */
export const RollbackRequest = Type.Object(
  { remote: RemoteIdSchema, to: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })) },
  { additionalProperties: false },
);
export type RollbackRequest = Type.Static<typeof RollbackRequest>;

/** GET /_platform/history: newest first. */
export const HistoryQuery = Type.Object(
  { remote: Type.Optional(RemoteIdSchema), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) },
  { additionalProperties: false },
);
export type HistoryQuery = Type.Static<typeof HistoryQuery>;

export const HistoryResponse = Type.Object({ lines: Type.Array(HistoryLine) });
export type HistoryResponse = Type.Static<typeof HistoryResponse>;

/** GET /_platform/remotes: remotes.json now, each remote with the history line that made it so (null: none yet). */
export const RemotesResponse = Type.Object({
  remotes: Type.Array(
    Type.Object({ remote: RemoteIdSchema, entry: Type.String(), ssrEntry: Type.Optional(Type.String()), last: Type.Union([HistoryLine, Type.Null()]) }),
  ),
});
export type RemotesResponse = Type.Static<typeof RemotesResponse>;
