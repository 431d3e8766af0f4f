import { randomBytes } from 'node:crypto';
import Type from 'typebox';
import { Message, ValidationError } from '@linkhunt/contracts/schemas/common';
import { ProfileResponse, ProfileUpdateFields } from '@linkhunt/contracts/schemas/user';
import { PROFILE_UPDATE_FILE_FIELDS } from '@linkhunt/contracts/user';
import type { App } from '../../app-types.js';
import { recipientOf } from '../../db/recipients.js';
import { type FieldTexts, fieldError, unauthorized, validationFailed } from '../../http-errors.js';
import { invisibleCharacterProblem, type TextKind } from '../../http/invisible-characters.js';
import { FileTooLargeResponse, readMultipartForm } from '../../http/multipart-form.js';
import { prohibitedFields, SERVER_OWNED_FIELDS } from '../../http/prohibited-fields.js';
import { processImage } from '../../media/process-image.js';
import { signedInUser } from '../../plugins/auth.js';
import { findOwnUser } from '../users/user-repository.js';
import { afterResponse } from '../../http/after-response.js';
import { revokeOtherTokens, revokeToken } from './access-token-repository.js';
import { type AccountChanges, findPasswordAndAvatar, updateAccount } from './account-repository.js';
import { CurrentPasswordGuard } from './current-password-guard.js';
import { notifyPasswordChanged } from './password-reset.js';
import { isCommonPassword, PASSWORD_TOO_COMMON } from './password-rules.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { text } from '../../i18n/api-text.js';
import { currencyOf, unknownCurrency } from '../prices/price-input.js';

const AVATAR_SIZE = 256;

/** The text fields others read, and what may not hide in them (see http/invisible-characters). */
const TEXT_FIELDS: [field: 'name' | 'biography' | 'coupon', kind: TextKind][] = [
  ['name', 'name'],
  ['biography', 'text'],
  ['coupon', 'name'],
];

/** The form's fields, refusing those only the server sets: a profile cannot change its own id, role or points. */
const ProfileForm = Type.Object({ ...ProfileUpdateFields.properties, ...prohibitedFields(['id', ...SERVER_OWNED_FIELDS]) });

/**
 * POST /auth/update. Only the fields sent change. Biography and coupon sent empty are cleared (a settings
 * form posts every field, and an emptied box means "remove it"); a name cannot be emptied; an empty
 * password field means "keep the password". An emptied preferred agent or currency means "none".
 */
export async function profileRoutes(app: App): Promise<void> {
  const later = afterResponse(app);
  const { updatePasswordFailures } = app.config;
  const guard = new CurrentPasswordGuard(app.counters, updatePasswordFailures, (tokenHash) => revokeToken(app.db, tokenHash));

  app.post(
    '/auth/update',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'updateProfile',
        summary: 'Change name, biography, coupon, avatar (PNG or JPEG, 2 MB) or password (needs current_password)',
        description:
          `multipart/form-data with the text fields ${Object.keys(ProfileUpdateFields.properties).join(', ')} and the file ${PROFILE_UPDATE_FILE_FIELDS.join(', ')}. ` +
          'Name, biography and coupon refuse text-direction controls, control characters and invisible characters (422). ' +
          'preferred_agent takes an agent the site offers (GET /agents; 422 otherwise) and is cleared when sent empty. ' +
          'preferred_currency takes EUR, USD, CNY or GBP in any case (422 otherwise) and is cleared when sent empty. ' +
          `Current-password attempts are counted per account: past ${updatePasswordFailures.max} in ${updatePasswordFailures.timeWindow / 60_000} minutes ` +
          `the answer is 429 with Retry-After (the password is not checked), and the ${updatePasswordFailures.revokeAfter}th attempt signs the session out (401). ` +
          'A changed password signs every other session out and is told to the owner by mail.',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 200: ProfileResponse, 401: Message, 413: FileTooLargeResponse, 415: Message, 422: ValidationError, 429: Message },
      },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      const { fields, files, emptyFields } = await readMultipartForm(request, ProfileForm, PROFILE_UPDATE_FILE_FIELDS);
      if (emptyFields.includes('name')) throw fieldError('name', text('validation.required', { field: 'name' }));
      const textErrors: FieldTexts = {};
      for (const [field, kind] of TEXT_FIELDS) {
        const value = fields[field];
        const problem = value === undefined ? null : invisibleCharacterProblem(value, kind, field);
        if (problem) textErrors[field] = [problem];
      }
      const agent = fields.preferred_agent?.trim().toLowerCase();
      if (agent && !app.config.agents.offered.some((offered) => offered === agent)) {
        textErrors.preferred_agent = [text('agent_link.not_offered', { agent: fields.preferred_agent ?? '' })];
      }
      const currency = fields.preferred_currency?.trim();
      const preferredCurrency = currency ? currencyOf(currency) : null;
      if (currency && !preferredCurrency) textErrors.preferred_currency = [unknownCurrency()];
      if (Object.keys(textErrors).length > 0) throw validationFailed(textErrors);

      const current = await findPasswordAndAvatar(app.db, userId);
      if (!current) throw unauthorized();

      const changes: AccountChanges = {};
      if (fields.name !== undefined) changes.name = fields.name;
      for (const key of ['biography', 'coupon'] as const) {
        if (fields[key] !== undefined) changes[key] = fields[key];
        else if (emptyFields.includes(key)) changes[key] = null;
      }
      if (agent) changes.preferred_agent = agent;
      else if (agent === '' || emptyFields.includes('preferred_agent')) changes.preferred_agent = null;
      if (preferredCurrency) changes.preferred_currency = preferredCurrency;
      else if (currency === '' || emptyFields.includes('preferred_currency')) changes.preferred_currency = null;
      if (fields.password !== undefined) {
        const errors: FieldTexts = {};
        if (fields.current_password === undefined) errors.current_password = [text('validation.required', { field: 'current_password' })];
        else {
          // Before argon2 runs: a throttled guess costs a counter increment, not 19 MiB of hashing.
          await guard.attempt(userId, request.tokenHash, reply);
          if (await verifyPassword(current.password_hash, fields.current_password)) await guard.succeeded(userId);
          else errors.current_password = [text('auth.current_password_incorrect')];
        }
        if (isCommonPassword(fields.password)) errors.password = [PASSWORD_TOO_COMMON];
        if (Object.keys(errors).length > 0) throw validationFailed(errors);
        changes.password_hash = await hashPassword(fields.password);
      }

      let newAvatar: string | null = null;
      const upload = files.avatar;
      if (upload) {
        // The square thumbnail is the avatar: cropped, small, and a fresh name so caches never serve a stale one.
        const { thumbnail } = await processImage(upload.data, 'avatar', { full: AVATAR_SIZE, thumbnail: AVATAR_SIZE });
        newAvatar = `avatars/${randomBytes(16).toString('hex')}.webp`;
        await app.images.put(newAvatar, thumbnail, 'image/webp');
        changes.avatar = newAvatar;
      }

      if (Object.keys(changes).length > 0) {
        try {
          await updateAccount(app.db, userId, changes);
        } catch (error) {
          if (newAvatar) await app.images.remove(newAvatar);
          throw error;
        }
      }
      if (changes.password_hash) {
        await revokeOtherTokens(app.db, userId, request.tokenHash);
        const account = await recipientOf(app.db, userId);
        if (account) notifyPasswordChanged(app, later, account, 'settings');
      }
      if (newAvatar && current.avatar?.startsWith('avatars/')) {
        await app.images.remove(current.avatar).catch((error: unknown) => request.log.warn({ err: error }, 'old avatar not removed'));
      }

      const user = await findOwnUser(app.db, userId);
      if (!user) throw unauthorized();
      return { user: { data: user } };
    },
  );
}
