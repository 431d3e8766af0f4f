import Type from 'typebox';
import { Nullable } from './schema-helpers.js';

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

/** The signed-in user's own record: the only payload that carries an email. */
export const OwnUser = Type.Object({
  ...userFields,
  email: Type.String(),
  role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
});
export type OwnUser = Type.Static<typeof OwnUser>;

export const USERNAME_PATTERN = '^[A-Za-z0-9_.-]{3,30}$';
/** A new password's length; the API also refuses the most common passwords. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** A password being checked (login, current password) may be as long as any ever accepted. */
const CHECKED_PASSWORD_MAX_LENGTH = 200;

export const RegisterRequest = Type.Object({
  username: Type.String({ pattern: USERNAME_PATTERN }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
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
});
export type ProfileUpdateFields = Type.Static<typeof ProfileUpdateFields>;
export const PROFILE_UPDATE_FILE_FIELDS = ['avatar'] as const;

export const VisitResponse = Type.Object({ counted: Type.Boolean() });
export type VisitResponse = Type.Static<typeof VisitResponse>;
