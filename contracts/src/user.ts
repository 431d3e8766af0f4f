export const USERNAME_PATTERN = '^[A-Za-z0-9_.-]{3,30}$';
/** A new password's length; the API also refuses the most common passwords. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PROFILE_UPDATE_FILE_FIELDS = ['avatar'] as const;

export type {
  ForgotRequest,
  LoginRequest,
  MailLanguage,
  OwnUser,
  ProfileResponse,
  ProfileUpdateFields,
  PublicUser,
  RegisterRequest,
  ResetRequest,
  Role,
  TokenResponse,
  UserRef,
  VerifyRequest,
  VerifyResponse,
  VisitResponse,
} from './schemas/user.js';
