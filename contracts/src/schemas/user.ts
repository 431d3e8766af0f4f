import '../server-only.js';
import Type from 'typebox';
import { CONTENT_LANGUAGES } from '../content-language.js';
import { Nullable } from './common.js';
import { BuyingAgentSchema } from './agents.js';
import type { BuyingAgent } from '../agents.js';
import type { Currency } from '../prices.js';
import { CurrencySchema } from './prices.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '../user.js';

/** The site's languages, which mail is also written in. */
export const MailLanguage = Type.Union([Type.Literal('es'), Type.Literal('en'), Type.Literal('de'), Type.Literal('it'), Type.Literal('fr')]);
export type MailLanguage = Type.Static<typeof MailLanguage>;

/** The short form of a user inside other payloads (uploader, review author). */
export const UserRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  avatar: Nullable(Type.String()),
  created_at: Type.String(),
});
export type UserRef = Type.Static<typeof UserRef>;

const userFields = {
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  biography: Nullable(Type.String()),
  /** The account's language, which the biography is written in (pages mark it with `lang` inside another language). */
  language: Type.Enum([...CONTENT_LANGUAGES]),
  coupon: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  /** (products + reviews received) * 20, plus the points earned by shared-profile visits. */
  points: Type.Integer(),
  num_products: Type.Integer(),
  num_valorations: Type.Integer(),
  created_at: Type.String(),
};

export const PublicUser = Type.Object(userFields);
export type PublicUser = Type.Static<typeof PublicUser>;

/** moderator: the moderation console; admin: that and who is a moderator. */
export const Role = Type.Union([Type.Literal('user'), Type.Literal('moderator'), Type.Literal('admin')]);
export type Role = Type.Static<typeof Role>;

/** The signed-in user's own record: the only payload that carries an email. */
export const OwnUser = Type.Object({
  ...userFields,
  email: Type.String(),
  role: Role,
  /** The address was verified through the mailed link; until then reviews give no points and uploads are few. */
  verified: Type.Boolean(),
  /** The buying agent whose links the get-link dialog offers first; null: none chosen. */
  preferred_agent: Type.Unsafe<BuyingAgent | null>(Type.Union([BuyingAgentSchema, Type.Null()])),
  /** The currency prices are shown in; null: the language's default (DEFAULT_CURRENCY_BY_LANGUAGE). */
  preferred_currency: Type.Unsafe<Currency | null>(Type.Union([CurrencySchema, Type.Null()])),
});
export type OwnUser = Type.Static<typeof OwnUser>;

/** A password being checked (login, current password) may be as long as any ever accepted. */
const CHECKED_PASSWORD_MAX_LENGTH = 200;

export const RegisterRequest = Type.Object({
  username: Type.String({ pattern: USERNAME_PATTERN }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
  /** The site language the account's mail is written in; es when left out. */
  language: Type.Optional(MailLanguage),
});
export type RegisterRequest = Type.Static<typeof RegisterRequest>;

export const LoginRequest = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: CHECKED_PASSWORD_MAX_LENGTH }),
});
export type LoginRequest = Type.Static<typeof LoginRequest>;

export const TokenResponse = Type.Object({
  token: Type.Object({ accessToken: Type.String(), tokenType: Type.Literal('Bearer') }),
  user: Type.Object({ data: OwnUser }),
});
export type TokenResponse = Type.Static<typeof TokenResponse>;

/** POST /auth/update: the user's record after the change. (GET /auth/check's CheckResponse is in with-products.ts.) */
export const ProfileResponse = Type.Object({ user: Type.Object({ data: OwnUser }) });
export type ProfileResponse = Type.Static<typeof ProfileResponse>;

/** Multipart fields of POST /auth/update; `avatar` is a PNG or JPEG file. A new password needs the current one. */
export const ProfileUpdateFields = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  biography: Type.Optional(Type.String({ maxLength: 1000 })),
  coupon: Type.Optional(Type.String({ maxLength: 60 })),
  current_password: Type.Optional(Type.String({ maxLength: CHECKED_PASSWORD_MAX_LENGTH })),
  password: Type.Optional(Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })),
  /** A buying agent the site offers (GET /agents); sent empty, it clears the choice. */
  preferred_agent: Type.Optional(Type.String({ maxLength: 40 })),
  /** EUR, USD, CNY or GBP; sent empty, it clears the choice. */
  preferred_currency: Type.Optional(Type.String({ maxLength: 3 })),
});
export type ProfileUpdateFields = Type.Static<typeof ProfileUpdateFields>;

/** POST /auth/verify: the token from the verification mail's link. */
export const VerifyRequest = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type VerifyRequest = Type.Static<typeof VerifyRequest>;

/** POST /auth/verify: what happened, and the account's record (now `verified: true`) for a site signed in as it. */
export const VerifyResponse = Type.Object({ message: Type.String(), user: Type.Object({ data: OwnUser }) });
export type VerifyResponse = Type.Static<typeof VerifyResponse>;

/** POST /auth/forgot: always the same answer, whether or not an account has that address. */
export const ForgotRequest = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }), language: Type.Optional(MailLanguage) });
export type ForgotRequest = Type.Static<typeof ForgotRequest>;

/** POST /auth/reset: the token from the reset mail's link; every session of the account ends. */
export const ResetRequest = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
});
export type ResetRequest = Type.Static<typeof ResetRequest>;

export const VisitResponse = Type.Object({ counted: Type.Boolean() });
export type VisitResponse = Type.Static<typeof VisitResponse>;
