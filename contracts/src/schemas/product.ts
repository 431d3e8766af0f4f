import '../server-only.js';
import Type from 'typebox';
import { BrandRef } from './brand.js';
import { MAX_COLOUR_NAME_LENGTH, MAX_PRODUCT_COLOURS } from '../limits.js';
import { Category } from './category.js';
import { LinkState, StoreLinkHealth } from './link-health.js';
import { Nullable, PagedResults, Results } from './common.js';
import { CONTENT_LANGUAGES } from '../content-language.js';
import { UserRef } from './user.js';
import { SEARCH_QUERY_MAX_LENGTH } from '../search.js';
import { AgentLink, SourceItem } from './agents.js';
import { Price } from './prices.js';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS, type ReportReason as ReportReasonType } from '../product.js';
import { MAX_REVIEW_PHOTOS } from '../photos.js';

/** A site language, as user text records it; an enum rather than a union so lists serialise it as plain text. */
export const ContentLanguageSchema = Type.Enum([...CONTENT_LANGUAGES]);

/** A photo of a review, paths relative to /images/ like a product's `image`. */
export const ReviewPhoto = Type.Object({ id: Type.Integer(), image: Type.String(), thumbnail: Type.String() });
export type ReviewPhoto = Type.Static<typeof ReviewPhoto>;

/** A moderator removed a review's photos: the statement of reasons, shown with the review, and when. */
export const ReviewPhotosRemoved = Type.Object({ statement: Type.String(), removed_at: Type.String() });
export type ReviewPhotosRemoved = Type.Static<typeof ReviewPhotosRemoved>;

export const Valoration = Type.Object({
  id: Type.Integer(),
  stars: Type.Integer({ minimum: 1, maximum: 5 }),
  review: Nullable(Type.String()),
  /** The language the review is written in: the reviewer's account language when it was written. */
  language: ContentLanguageSchema,
  created_at: Type.String(),
  user: UserRef,
  /**
   * Whether it counts in the product's rating, the sorts and the structured data: only once its author's e-mail
   * address is verified, so throwaway accounts cannot move a rating. Uncounted reviews are still shown, marked.
   */
  counted: Type.Boolean(),
  /** Its photos in the author's order (at most MAX_REVIEW_PHOTOS). */
  photos: Type.Array(ReviewPhoto),
  /** Set once a moderator removed its photos: the statement is shown with the review. */
  photos_removed: Nullable(Type.Object(ReviewPhotosRemoved.properties)),
});
export type Valoration = Type.Static<typeof Valoration>;

/** Of the counted reviews only (Valoration.counted). The average is exact; the star widget rounds it up (spec section 3). */
export const Rating = Type.Object({ average: Type.Number(), count: Type.Integer() });
export type Rating = Type.Static<typeof Rating>;

// Spelled out: a mapped tuple of STORES would lose the literal types.
export const StoreKey = Type.Union([Type.Literal('hacoo'), Type.Literal('dhgate'), Type.Literal('cnfans')]);

const productFields = {
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  brand: BrandRef,
  description: Type.String(),
  /** The language the title and description are written in (pages mark them with `lang` inside another language). */
  language: ContentLanguageSchema,
  image: Type.String(),
  thumbnail: Type.String(),
  categories: Type.Array(Category),
  colors: Type.Array(Type.String()),
  downloads: Type.Integer(),
  /** 1: unavailable. Hidden products never appear in lists but stay reachable by slug. */
  hidden: Type.Integer({ minimum: 0, maximum: 1 }),
  rating: Rating,
  created_at: Type.String(),
  /** The stores the product has a link on (never the links: GET /products/{id} gives those). */
  platforms: Type.Array(StoreKey),
  /** The link checker's view of the product's links together; see `links_checked_at`. */
  link_state: LinkState,
  /** When the latest verdict (ok or gone) on any of its links was reached; null: none judged yet. */
  links_checked_at: Nullable(Type.String()),
  /** The marketplace item its agent link names (null: no agent link); every agent's link is built from it. */
  source_item: Nullable(SourceItem),
  /** What it costs on its store as the uploader entered it (null: no price given); clients convert it for the visitor. */
  price: Nullable(Price),
};

/**
 * One photo of a product's gallery, paths relative to /images/ like `image`. `qc`: one of the buying agent's
 * warehouse (QC) photos of the actual item.
 */
export const ProductPhoto = Type.Object({
  id: Type.Integer(),
  image: Type.String(),
  thumbnail: Type.String(),
  alt: Type.String(),
  qc: Type.Boolean(),
});
export type ProductPhoto = Type.Static<typeof ProductPhoto>;

/** Every photo of the product in gallery order; the first is the cover, whose files `image` and `thumbnail` are. */
const photosField = { photos: Type.Array(ProductPhoto) };

/** A product as lists show it (its cover only). Store links are never in lists: GET /products/{id} gives them. */
export const ProductSummary = Type.Object(productFields);
export type ProductSummary = Type.Static<typeof ProductSummary>;

/** A product by slug: the list fields plus its reviews and, with ?include=user, its uploader. */
export const Product = Type.Object({
  ...productFields,
  ...photosField,
  user: Type.Optional(UserRef),
  valorations: Type.Object({ data: Type.Array(Valoration) }),
  /**
   * Present (true) only when a moderator removed the product for illegal content, in the answer its uploader
   * and moderators get; everyone else gets 410.
   */
  withdrawn: Type.Optional(Type.Boolean()),
});
export type Product = Type.Static<typeof Product>;

/**
 * GET /products/{id}: the store links and the current download count. Fetching them counts nothing: opening a
 * link does, through POST /products/{id}/downloads (DownloadResponse).
 */
export const ProductLinks = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  link_hacoo: Type.String(),
  link_dhgate: Nullable(Type.String()),
  /** CNFans's link to the source item (built from it, with the site's referral code if it has one). */
  link_cnfans: Nullable(Type.String()),
  /** The source item at every agent the site offers, in the site's order; empty without a source item. */
  agent_links: Type.Array(AgentLink),
  /** The source item's page on its marketplace; null without a source item. */
  marketplace_link: Nullable(Type.String()),
  downloads: Type.Integer(),
  /** Each link's own verdict from the link checker (null where the product has no link on that store). */
  link_health: Type.Object({ hacoo: StoreLinkHealth, dhgate: Nullable(StoreLinkHealth), cnfans: Nullable(StoreLinkHealth) }),
});
export type ProductLinks = Type.Static<typeof ProductLinks>;

/**
 * POST /products/{id}/downloads, sent when the visitor opens a store link: one download per visitor per product
 * per UTC day. `counted` is false for a repeat that day, and for a hidden product, which earns nothing.
 */
export const DownloadResult = Type.Object({ id: Type.Integer(), downloads: Type.Integer(), counted: Type.Boolean() });
export type DownloadResult = Type.Static<typeof DownloadResult>;
export const DownloadResponse = Results(DownloadResult);
export type DownloadResponse = Type.Static<typeof DownloadResponse>;

/** What "My products" shows of a hidden product's moderation decision, and of the owner's one appeal against it. */
export const ModerationNotice = Type.Object({
  statement: Type.String(),
  hidden_at: Type.String(),
  appeal: Nullable(Type.Object({ status: Type.Union([Type.Literal('open'), Type.Literal('upheld'), Type.Literal('reversed')]), created_at: Type.String() })),
  /**
   * Hidden by the link checker (every link gone on two checks in a row), not by a moderator: it comes back by
   * itself once a link works again (after an edit of the links, say), so there is nothing to appeal.
   */
  automated: Type.Boolean(),
  /** Removed for illegal content (not merely unavailable): withdrawn from everyone but its uploader and moderators. */
  withdrawn: Type.Optional(Type.Boolean()),
});
export type ModerationNotice = Type.Static<typeof ModerationNotice>;

/** The product's own record as its owner edits it: links included. */
export const OwnProduct = Type.Object({
  ...productFields,
  ...photosField,
  /** Set while a moderator's decision hides the product (null otherwise). */
  moderation: Type.Optional(Nullable(Type.Object(ModerationNotice.properties))),
  link_hacoo: Type.String(),
  link_dhgate: Nullable(Type.String()),
  link_cnfans: Nullable(Type.String()),
});
export type OwnProduct = Type.Static<typeof OwnProduct>;

/** GET /auth/products: the signed-in user's products, hidden ones included, newest first. */
export const OwnProductPage = PagedResults(Type.Array(OwnProduct));
export type OwnProductPage = Type.Static<typeof OwnProductPage>;

/**
 * Multipart fields of POST /products and POST /products/update (which adds `id`). `brand` and
 * `categories[]` take slugs; a missing brand becomes "Various". The photos: files `photos` (PNG or JPEG, at
 * most 2 MB each, repeated) placed by `gallery`; or, as before, one file `image` (required on add without
 * photos; on update it replaces the cover).
 */
export const ProductFormFields = Type.Object({
  title: Type.String({ minLength: 3, maxLength: 120 }),
  brand: Type.Optional(Type.String({ maxLength: 120 })),
  description: Type.String({ minLength: 1, maxLength: 5000 }),
  link_hacoo: Type.String({ minLength: 1, maxLength: 2000 }),
  link_dhgate: Type.Optional(Type.String({ maxLength: 2000 })),
  /**
   * The agent link: a link of any supported buying agent or marketplace (or a short link to one), kept as its source
   * item; the stored CNFans link is built from that. Other people's referral codes are dropped.
   */
  link_cnfans: Type.Optional(Type.String({ maxLength: 2000 })),
  categories: Type.Array(Type.String({ maxLength: 120 }), { minItems: 1, maxItems: 8 }),
  colors: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: MAX_COLOUR_NAME_LENGTH }), { maxItems: MAX_PRODUCT_COLOURS })),
  /** The language of the title and description; left out: the uploader's account language on add, unchanged on edit. */
  language: Type.Optional(Type.Enum([...CONTENT_LANGUAGES], { 'x-error': 'validation.content_language' })),
  /**
   * The price, a decimal amount ("12.40" or "12,40"; at most two decimals) in `price_currency`. Left out on edit:
   * unchanged; sent empty: no price.
   */
  price_amount: Type.Optional(Type.String({ maxLength: 20 })),
  /** CNY, USD, EUR or GBP; needed with a price. */
  price_currency: Type.Optional(Type.String({ maxLength: 3 })),
  /**
   * The gallery in the wanted order, cover first, as JSON: an array of 1 to MAX_PRODUCT_PHOTOS items, each
   * `{"photo": <id of one of the product's photos>}` or `{"upload": <0-based index into the files sent as photos>}`,
   * with an optional `alt` (text, at most PHOTO_ALT_MAX_LENGTH characters) and `qc` (true: a warehouse QC photo).
   * Every file sent must be placed once; on edit, the photos left out are deleted. Left out: on add the files go
   * in the order sent (after `image`, if any); on edit the gallery stays as it is and files sent are added at its end.
   */
  gallery: Type.Optional(Type.String({ maxLength: 8000 })),
});
export type ProductFormFields = Type.Static<typeof ProductFormFields>;

/**
 * 409 on upload or edit: the same item (the same source item, or the same Hacoo or DHGate product) is already
 * listed. `existing` is that product, for the form to show and open.
 */
export const DuplicateProduct = Type.Object({
  message: Type.String(),
  code: Type.Literal('product.duplicate'),
  existing: Type.Object({
    id: Type.Integer(),
    slug: Type.String(),
    title: Type.String(),
    thumbnail: Type.String(),
    /** The uploader's username: "Already listed by @name". */
    username: Type.String(),
    /** Which of the form's links matched: link_hacoo, link_dhgate or link_cnfans. */
    field: Type.Union([Type.Literal('link_hacoo'), Type.Literal('link_dhgate'), Type.Literal('link_cnfans')]),
  }),
});
export type DuplicateProduct = Type.Static<typeof DuplicateProduct>;
export const ProductUpdateFields = Type.Object({
  ...ProductFormFields.properties,
  // Bounded like every id: past PostgreSQL's integer range the lookup itself fails.
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export type ProductUpdateFields = Type.Static<typeof ProductUpdateFields>;

export const ValorationRequest = Type.Object({
  stars: Type.Integer({ minimum: 1, maximum: 5, 'x-error': 'validation.rate_required' }),
  review: Type.Optional(Type.String({ maxLength: 2000 })),
  /**
   * On replacing one's review: the ids of its photos to keep (left out: all of them). In a multipart form, a JSON
   * array in a text field, beside the new files `photos`.
   */
  keep_photos: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: MAX_REVIEW_PHOTOS })),
});
export type ValorationRequest = Type.Static<typeof ValorationRequest>;

/** The saved review and the product's new rating, so a client updates its summary without reloading. */
export const ValorationResponse = Results(Type.Object({ valoration: Valoration, rating: Rating }));
export type ValorationResponse = Type.Static<typeof ValorationResponse>;

// Unsafe names the static type: a union built from a mapped array would be typed `never`.
export const ReportReason = Type.Unsafe<ReportReasonType>(Type.Union(REPORT_REASONS.map((reason) => Type.Literal(reason))));
export type ReportReason = ReportReasonType;

/**
 * `illegal` needs `details` (why the content is illegal), `good_faith: true` and, from a visitor (no session),
 * `contact_email`, which gets the acknowledgement.
 */
export const ReportRequest = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  reason: Type.Optional(ReportReason),
  details: Type.Optional(Type.String({ maxLength: REPORT_DETAILS_MAX_LENGTH })),
  contact_email: Type.Optional(Type.String({ maxLength: 254 })),
  good_faith: Type.Optional(Type.Boolean()),
});
export type ReportRequest = Type.Static<typeof ReportRequest>;

/** A repeated report of the same product by the same visitor is not an error: `already_reported` says so. */
export const ReportResponse = Type.Object({ message: Type.String(), already_reported: Type.Boolean() });
export type ReportResponse = Type.Static<typeof ReportResponse>;

export const FavouriteResponse = Type.Object({
  results: Type.Object({ data: Type.Object({ product_id: Type.Integer(), favourite: Type.Boolean() }) }),
});
export type FavouriteResponse = Type.Static<typeof FavouriteResponse>;

/** GET /auth/favs: the user's favourite products that are still available, the latest favourited first. */
export const FavouritesPage = PagedResults(Type.Array(ProductSummary));
export type FavouritesPage = Type.Static<typeof FavouritesPage>;

/** GET /products/slug/{slug}: ?include=user adds the uploader. */
export const ProductSlugQuery = Type.Object({ include: Type.Optional(Type.Literal('user')) });
export type ProductSlugQuery = Type.Static<typeof ProductSlugQuery>;

/** GET /products/cat/{category}: a category slug. */
export const CategoryParam = Type.Object({ category: Type.String({ minLength: 1, maxLength: 200 }) });
export type CategoryParam = Type.Static<typeof CategoryParam>;

/**
 * GET /products/search/{query}: whatever was typed. Only its words (letters and digits) are searched,
 * so punctuation and search-engine operators are plain text and a query without words finds nothing. A pasted
 * agent, marketplace, Hacoo or DHGate link finds the product listing that item instead (a path segment holds 100
 * characters: GET /products?q= takes longer links).
 */
export const SearchParam = Type.Object({ query: Type.String({ maxLength: SEARCH_QUERY_MAX_LENGTH }) });
export type SearchParam = Type.Static<typeof SearchParam>;
