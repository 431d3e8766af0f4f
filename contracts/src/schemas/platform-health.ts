import '../server-only.js';
import Type from 'typebox';
import { RemoteIdSchema } from './platform.js';

/** POST /_platform/beacons: a remote's area failed in a visitor's browser, with the entry the page pinned. */
export const HealthBeacon = Type.Object(
  {
    remote: RemoteIdSchema,
    entry: Type.String({ minLength: 1, maxLength: 2000 }),
    /** `load`: the remote's code did not arrive (the runtime's error, a timeout); `render`: it threw in the error boundary. */
    kind: Type.Union([Type.Literal('load'), Type.Literal('render')]),
  },
  { additionalProperties: false },
);
export type HealthBeacon = Type.Static<typeof HealthBeacon>;

/** What one version of a remote met since this shell server first served it. */
export const VersionHealth = Type.Object({
  entry: Type.String(),
  since: Type.String({ format: 'date-time' }),
  /** Pages sent pinned with this version whose route is the remote's: the denominator. */
  views: Type.Integer(),
  clientErrors: Type.Object({ load: Type.Integer(), render: Type.Integer() }),
  /** Server renders of its pages that met an error (the area then rendered in the browser). */
  serverFailures: Type.Integer(),
  /** (client errors + server failures) / views; 0 without views. */
  errorRate: Type.Number(),
});
export type VersionHealth = Type.Static<typeof VersionHealth>;

export const RemoteHealth = Type.Object({
  remote: RemoteIdSchema,
  entry: Type.String(),
  canary: Type.Optional(Type.Object({ entry: Type.String(), percent: Type.Number() })),
  /** A deploy or canary being watched: its version is rolled back (or the canary aborted) if it turns unhealthy before `until`. */
  watch: Type.Optional(Type.Object({ entry: Type.String(), until: Type.String({ format: 'date-time' }), action: Type.Union([Type.Literal('rollback'), Type.Literal('abort-canary')]) })),
  versions: Type.Array(VersionHealth),
});
export type RemoteHealth = Type.Static<typeof RemoteHealth>;

/** GET /_platform/health. */
export const HealthResponse = Type.Object({
  remotes: Type.Array(RemoteHealth),
  thresholds: Type.Object({ maxErrorRate: Type.Number(), minViews: Type.Integer(), watchSeconds: Type.Integer() }),
});
export type HealthResponse = Type.Static<typeof HealthResponse>;
