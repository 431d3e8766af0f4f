/** A statement of reasons (DSA Art. 17): what the uploader reads on "My products" and in the mail. */
export const STATEMENT_MIN_LENGTH = 20;
export const STATEMENT_MAX_LENGTH = 2000;
export const APPEAL_MIN_LENGTH = 10;
export const APPEAL_MAX_LENGTH = 2000;

/** How many of a product's latest checks the queue shows. */
export const LINK_HISTORY_PER_ITEM = 20;

export const AUDIT_ACTIONS = [
  'product.hide',
  'product.unhide',
  'reports.dismiss',
  'appeal.uphold',
  'appeal.reverse',
  'user.suspend',
  'user.restore',
  'role.grant',
  'role.revoke',
  // The link checker's own actions (actor LINK_CHECKER_ACTOR).
  'product.auto_hide',
  'product.auto_restore',
  // A moderator removed a review's photos (the target is the reviewed product; the details are the statement).
  'review.remove_photos',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who the audit log names for what the link checker did: no account has id 0 or a space in its username. */
export const LINK_CHECKER_ACTOR = { id: 0, username: 'link checker' } as const;

export type {
  AppealDecision,
  AppealRequest,
  AppealResponse,
  AuditEntry,
  AuditPage,
  AuditQuery,
  HideRequest,
  LinkCheckEntry,
  ModeratedUser,
  ModeratedUserPage,
  OpenAppeal,
  ProductActionResponse,
  QueueItem,
  QueuePage,
  QueueQuery,
  QueueReport,
  ReviewActionResponse,
  ReviewPhotosRemoveRequest,
  RoleRequest,
  SuspendRequest,
  UserActionResponse,
  UserQuery,
} from './schemas/moderation.js';
