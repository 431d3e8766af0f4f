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
  role: ColumnType<'user' | 'admin', 'user' | 'admin' | undefined, 'user' | 'admin'>;
  created_at: Timestamp;
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
  image: string;
  thumbnail: string;
  /** JSON array of colour names. */
  colors: string;
  downloads: ColumnType<number, number | undefined, number>;
  user_id: number;
  hidden: ColumnType<number, number | undefined, number>;
  featured: ColumnType<number, number | undefined, number>;
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
  created_at: Timestamp;
  updated_at: Timestamp;
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
  reason: string | null;
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
  favourites: FavouritesTable;
  reports: ReportsTable;
  downloads: DownloadsTable;
  profile_visits: ProfileVisitsTable;
  contact_messages: ContactMessagesTable;
  settings: SettingsTable;
  idempotency_keys: IdempotencyKeysTable;
}
