import '../server-only.js';
import Type from 'typebox';
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
