import type { Role } from '@linkhunt/contracts/user';
import type { ColumnType, Generated } from 'kysely';

/** SQLite hands back ISO text, PostgreSQL a Date; `toIso` in sql-helpers makes them one. */
export type Timestamp = ColumnType<Date | string, string | undefined, string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  name: string;
  biography: string | null;
  coupon: string | null;
  avatar: string | null;
  role: ColumnType<Role, Role | undefined, Role>;
  created_at: Timestamp;
  /** Null until the address is verified through the mailed link. */
  email_verified_at: Timestamp | null;
  /** The site language mail goes out in. */
  language: ColumnType<string, string | undefined, string>;
  suspended_at: Timestamp | null;
  suspension_reason: string | null;
  /** The buying agent whose links the user is offered first; null: none chosen. */
  preferred_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** The currency prices are shown in (a Currency); null: the language's default (migration 012). */
  preferred_currency: ColumnType<string | null, string | null | undefined, string | null>;
}

export type MailTokenPurpose = 'verify' | 'reset';

/** One-time links sent by mail; only a SHA-256 of the token is kept. */
export interface MailTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: MailTokenPurpose;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface BrandsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  image: string | null;
  created_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
}

export interface ProductsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  brand_id: number;
  description: string;
  link_hacoo: string;
  link_dhgate: string | null;
  link_cnfans: string | null;
  /** The source item the agent link names (migration 011); both null without an agent link. */
  source_marketplace: string | null;
  source_item_id: string | null;
  /** Keys two links to one Hacoo or DHGate product share (features/agent-links/store-item-keys.ts). */
  hacoo_item: string | null;
  dhgate_item: string | null;
  image: string;
  thumbnail: string;
  /** JSON array of colour names. */
  colors: string;
  downloads: ColumnType<number, number | undefined, number>;
  user_id: number;
  hidden: ColumnType<number, number | undefined, number>;
  /** 1: removed by a moderator for illegal content (hidden too); withdrawn from everyone but its uploader and moderators. */
  withdrawn: ColumnType<number, number | undefined, number>;
  featured: ColumnType<number, number | undefined, number>;
  /** The language the title and description are written in (a site language; 'es' for the older products). */
  language: ColumnType<string, string | undefined, string>;
  /** The price as entered, in whole minor units of `price_currency` (a Currency); both null without a price (migration 012). */
  price_minor: ColumnType<number | null, number | null | undefined, number | null>;
  price_currency: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
}

export interface ValorationsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  stars: number;
  review: string | null;
  /** The reviewer's account language when the review was written: the language of its text. */
  language: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when a moderator removed the review's photos: the statement of reasons shown with it, and when. */
  photos_removed_statement: ColumnType<string | null, string | null | undefined, string | null>;
  photos_removed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** One photo of a product's gallery (migration 013); position 0 is the cover, whose files products.image/thumbnail name. */
export interface ProductPhotosTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  /** Relative to the images/ folder, like products.image. */
  image: string;
  thumbnail: string;
  alt: ColumnType<string, string | undefined, string>;
  /** 1: one of the buying agent's warehouse (QC) photos of the actual item. */
  qc: ColumnType<number, number | undefined, number>;
  /** When the photo was uploaded: a user's photos of the day are counted by it (DAILY_PHOTO_LIMIT). */
  created_at: Timestamp;
}

/** One photo of a review (migration 013), in the author's order. */
export interface ReviewPhotosTable {
  id: Generated<number>;
  valoration_id: number;
  position: number;
  image: string;
  thumbnail: string;
  created_at: Timestamp;
}

export interface FavouritesTable {
  user_id: number;
  product_id: number;
  created_at: Timestamp;
}

export type ReportStatus = 'open' | 'dismissed' | 'actioned';

export interface ReportsTable {
  id: Generated<number>;
  product_id: number;
  /** The visitor key (see plugins/visitor.ts), never a raw IP. */
  visitor: string;
  user_id: number | null;
  /** A ReportReason (contracts/product); every row has one, older ones were moved to broken_link. */
  reason: string;
  details: string | null;
  /** A visitor's address for an `illegal` notice, to acknowledge it. */
  contact_email: string | null;
  /** 1 when the reporter confirmed the notice is accurate and made in good faith. */
  good_faith: ColumnType<number, number | undefined, number>;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  created_at: Timestamp;
}

export interface DownloadsTable {
  product_id: number;
  visitor: string;
  /** YYYY-MM-DD (UTC): one download counted per visitor per product per day. */
  day: string;
}

export interface ProfileVisitsTable {
  user_id: number;
  visitor: string;
  day: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  email: string;
  subject: string;
  message: string;
  visitor: string;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** SHA-256 (hex) of the request the key was first used with. */
  fingerprint: string;
  /** Names the request that holds the key while it runs. */
  claim: string;
  /** The first answer's status and JSON body; null while that request is still running. */
  status: number | null;
  response: string | null;
  created_at: Timestamp;
}

/** A moderator's decision on a product; hiding carries the statement of reasons the uploader sees. */
export interface ModerationDecisionsTable {
  id: Generated<number>;
  product_id: number;
  moderator_id: number | null;
  action: string;
  statement: string | null;
  created_at: Timestamp;
}

export type AppealStatus = 'open' | 'upheld' | 'reversed';

/** An uploader's one appeal against one decision. */
export interface AppealsTable {
  id: Generated<number>;
  decision_id: number;
  product_id: number;
  user_id: number;
  text: string;
  status: ColumnType<AppealStatus, AppealStatus | undefined, AppealStatus>;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

/** Append-only (triggers refuse UPDATE and DELETE): who did what to which product, user or report. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number;
  actor_username: string;
  action: string;
  target_type: string;
  target_id: number;
  /** JSON object with what the action needs to be understood later (a statement, a role). */
  details: string | null;
  created_at: Timestamp;
}

/** One store link of a product: the checker's latest verdict on it, its schedule and, while checked, its lease. */
export interface LinkChecksTable {
  product_id: number;
  /** A Store (contracts/limits). */
  platform: string;
  url: string;
  host: string;
  verdict: 'ok' | 'gone' | null;
  verdict_at: Timestamp | null;
  gone_since: Timestamp | null;
  gone_count: ColumnType<number, number | undefined, number>;
  unknown_count: ColumnType<number, number | undefined, number>;
  last_checked_at: Timestamp | null;
  next_check_at: Timestamp;
  lease_owner: string | null;
  lease_until: Timestamp | null;
}

/** Every check, for the moderation console's link history (pruned after LINK_HISTORY_DAYS). */
export interface LinkCheckLogTable {
  id: Generated<number>;
  product_id: number;
  platform: string;
  url: string;
  /** A LinkVerdict. */
  result: string;
  /** A LinkCheckReason. */
  reason: string;
  http_status: number | null;
  checked_at: Timestamp;
}

/** When the next request to a store host may start, shared by every API instance. */
export interface LinkCheckHostsTable {
  host: string;
  next_start_at: Timestamp;
}

/** The last good reference rates fetched (features/prices): units of each currency per euro, one row per currency. */
export interface ExchangeRatesTable {
  currency: string;
  per_euro: number;
  /** YYYY-MM-DD: the day the source set them. */
  rate_date: string;
  /** ISO: when this site last got them from the source. */
  fetched_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** The full-text table `product_search` differs per dialect and is only reached through features/products/search. */
export interface Database {
  users: UsersTable;
  access_tokens: AccessTokensTable;
  brands: BrandsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_categories: ProductCategoriesTable;
  valorations: ValorationsTable;
  product_photos: ProductPhotosTable;
  review_photos: ReviewPhotosTable;
  favourites: FavouritesTable;
  reports: ReportsTable;
  downloads: DownloadsTable;
  profile_visits: ProfileVisitsTable;
  contact_messages: ContactMessagesTable;
  settings: SettingsTable;
  idempotency_keys: IdempotencyKeysTable;
  mail_tokens: MailTokensTable;
  moderation_decisions: ModerationDecisionsTable;
  appeals: AppealsTable;
  audit_log: AuditLogTable;
  link_checks: LinkChecksTable;
  link_check_log: LinkCheckLogTable;
  link_check_hosts: LinkCheckHostsTable;
  exchange_rates: ExchangeRatesTable;
}
