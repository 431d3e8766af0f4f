import '../server-only.js';
import Type from 'typebox';
import { LinkCheckReason, LinkVerdict } from './link-health.js';
import { ModerationNotice, ProductSummary, ReportReason, StoreKey, Valoration } from './product.js';
import { Nullable, PagedResults } from './common.js';
import { Role, UserRef } from './user.js';
import { APPEAL_MAX_LENGTH, APPEAL_MIN_LENGTH, AUDIT_ACTIONS, type AuditAction as AuditActionType, STATEMENT_MAX_LENGTH, STATEMENT_MIN_LENGTH } from '../moderation.js';

const Statement = Type.String({ minLength: STATEMENT_MIN_LENGTH, maxLength: STATEMENT_MAX_LENGTH });

export const QueueReport = Type.Object({
  reason: ReportReason,
  details: Nullable(Type.String()),
  /** The reporter's username when signed in; visitors are anonymous (their contact address stays with moderators' mail). */
  reporter: Nullable(Type.String()),
  contact_email: Nullable(Type.String()),
  created_at: Type.String(),
  /** Filed by the link checker when it hid the product (every link gone on two checks in a row). */
  automated: Type.Boolean(),
});
export type QueueReport = Type.Static<typeof QueueReport>;

export const OpenAppeal = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  created_at: Type.String(),
  /** The statement of reasons the appeal answers. */
  statement: Type.String(),
});
export type OpenAppeal = Type.Static<typeof OpenAppeal>;

/** One check of one store link, as the console's link history shows it. */
export const LinkCheckEntry = Type.Object({
  platform: StoreKey,
  url: Type.String(),
  result: LinkVerdict,
  reason: LinkCheckReason,
  /** The HTTP status of the last answer (null: none came, a timeout or a network error). */
  http_status: Nullable(Type.Integer()),
  checked_at: Type.String(),
});
export type LinkCheckEntry = Type.Static<typeof LinkCheckEntry>;

/** One product in the queue: its open reports grouped, or its open appeal (or both). */
export const QueueItem = Type.Object({
  product: ProductSummary,
  uploader: UserRef,
  open_reports: Type.Integer(),
  reason_counts: Type.Array(Type.Object({ reason: ReportReason, count: Type.Integer() })),
  /** The latest open reports, newest first (at most 20; open_reports says how many in all). */
  reports: Type.Array(QueueReport),
  appeal: Nullable(Type.Object(OpenAppeal.properties)),
  /** The product's latest link checks, newest first (at most LINK_HISTORY_PER_ITEM). */
  link_history: Type.Array(LinkCheckEntry),
  last_activity_at: Type.String(),
});
export type QueueItem = Type.Static<typeof QueueItem>;

export const QueueQuery = Type.Object({
  reason: Type.Optional(ReportReason),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
});
export type QueueQuery = Type.Static<typeof QueueQuery>;

/** GET /admin/reports: products with open reports or an open appeal, illegal notices first, then the most reported. */
export const QueuePage = PagedResults(Type.Array(QueueItem));
export type QueuePage = Type.Static<typeof QueuePage>;

/**
 * POST /admin/products/{id}/hide. `illegal`: removed for illegal content, so withdrawn (410) from everyone but its
 * uploader and moderators, rather than shown as unavailable; when left out, true if the product has an open
 * `illegal` notice.
 */
export const HideRequest = Type.Object({ statement: Statement, illegal: Type.Optional(Type.Boolean()) });
export type HideRequest = Type.Static<typeof HideRequest>;

/**
 * The answer to hide, unhide, dismiss and an appeal's decision: what was done and the product as lists now
 * show it (hidden included).
 */
export const ProductActionResponse = Type.Object({ message: Type.String(), results: Type.Object({ data: ProductSummary }) });
export type ProductActionResponse = Type.Static<typeof ProductActionResponse>;

/**
 * POST /admin/valorations/{id}/photos/remove: the review's photos are deleted and the statement of reasons is shown
 * with the review and mailed to its author.
 */
export const ReviewPhotosRemoveRequest = Type.Object({ statement: Statement });
export type ReviewPhotosRemoveRequest = Type.Static<typeof ReviewPhotosRemoveRequest>;

/** The answer: what was done and the review as it now shows (no photos, the statement in `photos_removed`). */
export const ReviewActionResponse = Type.Object({ message: Type.String(), results: Type.Object({ data: Valoration }) });
export type ReviewActionResponse = Type.Static<typeof ReviewActionResponse>;

/** POST /admin/appeals/{id}/decide: `reversed` makes the product visible again; `upheld` keeps it hidden. */
export const AppealDecision = Type.Object({
  outcome: Type.Union([Type.Literal('upheld'), Type.Literal('reversed')]),
  statement: Statement,
});
export type AppealDecision = Type.Static<typeof AppealDecision>;

/** POST /products/{id}/appeal (the uploader, once per decision). */
export const AppealRequest = Type.Object({ text: Type.String({ minLength: APPEAL_MIN_LENGTH, maxLength: APPEAL_MAX_LENGTH }) });
export type AppealRequest = Type.Static<typeof AppealRequest>;

/** The answer to an appeal: the product's notice as "My products" now shows it (its appeal open). */
export const AppealResponse = Type.Object({ message: Type.String(), results: Type.Object({ data: ModerationNotice }) });
export type AppealResponse = Type.Static<typeof AppealResponse>;

export const ModeratedUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: Role,
  verified: Type.Boolean(),
  created_at: Type.String(),
  suspended_at: Nullable(Type.String()),
  suspension_reason: Nullable(Type.String()),
  products: Type.Integer(),
});
export type ModeratedUser = Type.Static<typeof ModeratedUser>;

export const UserQuery = Type.Object({
  /** Part of a username, display name or e-mail address. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('suspended')])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
});
export type UserQuery = Type.Static<typeof UserQuery>;

/** GET /admin/users. */
export const ModeratedUserPage = PagedResults(Type.Array(ModeratedUser));
export type ModeratedUserPage = Type.Static<typeof ModeratedUserPage>;

/** POST /admin/users/{id}/suspend: the reason is mailed to the user and shown when they try to sign in. */
export const SuspendRequest = Type.Object({ reason: Statement });
export type SuspendRequest = Type.Static<typeof SuspendRequest>;

/** POST /admin/users/{id}/role (admins only): grant or remove the moderator role. */
export const RoleRequest = Type.Object({ role: Type.Union([Type.Literal('user'), Type.Literal('moderator')]) });
export type RoleRequest = Type.Static<typeof RoleRequest>;

export const UserActionResponse = Type.Object({ message: Type.String(), results: Type.Object({ data: ModeratedUser }) });
export type UserActionResponse = Type.Static<typeof UserActionResponse>;

// Unsafe names the static type: a union built from a mapped array would be typed `never`.
export const AuditAction = Type.Unsafe<AuditActionType>(Type.Union(AUDIT_ACTIONS.map((action) => Type.Literal(action))));
export type AuditAction = AuditActionType;

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  actor: Type.Object({ id: Type.Integer(), username: Type.String() }),
  action: AuditAction,
  target_type: Type.Union([Type.Literal('product'), Type.Literal('user')]),
  target_id: Type.Integer(),
  /** A product's title or a user's @username at the time, so the log reads on after either is gone. */
  target_label: Type.String(),
  /** The statement, reason or role the action carried. */
  details: Nullable(Type.String()),
  created_at: Type.String(),
});
export type AuditEntry = Type.Static<typeof AuditEntry>;

export const AuditQuery = Type.Object({
  action: Type.Optional(AuditAction),
  /** The acting moderator's username. */
  actor: Type.Optional(Type.String({ maxLength: 30 })),
  target_type: Type.Optional(Type.Union([Type.Literal('product'), Type.Literal('user')])),
  target_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
});
export type AuditQuery = Type.Static<typeof AuditQuery>;

/** GET /admin/audit: newest first. Append-only: the database refuses to change or delete an entry. */
export const AuditPage = PagedResults(Type.Array(AuditEntry));
export type AuditPage = Type.Static<typeof AuditPage>;

