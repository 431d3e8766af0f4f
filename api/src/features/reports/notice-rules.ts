import { ILLEGAL_DETAILS_MIN_LENGTH, type ReportReason, type ReportRequest } from '@linkhunt/contracts/product';
import { type FieldTexts, validationFailed } from '../../http-errors.js';
import { normaliseEmail } from '../auth/uniqueness.js';
import { text } from '../../i18n/api-text.js';

export interface CheckedReport {
  reason: ReportReason;
  details: string | null;
  /** Kept only for an `illegal` notice from a visitor: the address its acknowledgement goes to. */
  contactEmail: string | null;
  goodFaith: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ILLEGAL_MESSAGES = {
  details: text('report.illegal_details', { count: ILLEGAL_DETAILS_MIN_LENGTH }),
  good_faith: text('report.good_faith'),
  contact_email: text('report.contact_email'),
} as const;

/**
 * The report as it is stored, or a 422 naming every missing part. An `illegal` notice (EU DSA Art. 16) must
 * say why, be made in good faith and, from a visitor, give an address; the other reasons need nothing more.
 */
export function checkReport(body: ReportRequest, signedIn: boolean): CheckedReport {
  const reason = body.reason ?? 'broken_link';
  const details = body.details?.trim() || null;
  if (reason !== 'illegal') return { reason, details, contactEmail: null, goodFaith: body.good_faith === true };

  const errors: FieldTexts = {};
  if ((details?.length ?? 0) < ILLEGAL_DETAILS_MIN_LENGTH) errors.details = [ILLEGAL_MESSAGES.details];
  if (body.good_faith !== true) errors.good_faith = [ILLEGAL_MESSAGES.good_faith];
  const contactEmail = signedIn ? null : normaliseEmail(body.contact_email ?? '');
  if (contactEmail !== null && !EMAIL.test(contactEmail)) errors.contact_email = [ILLEGAL_MESSAGES.contact_email];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { reason, details, contactEmail, goodFaith: true };
}
