import { ILLEGAL_DETAILS_MIN_LENGTH, type ReportReason, type ReportRequest } from '@linkhunt/contracts/product';
import { isApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';

/** What the report dialog holds while it is being filled in. */
export interface ReportDraft {
  reason: ReportReason;
  details: string;
  contactEmail: string;
  goodFaith: boolean;
}

/** The spec's report: a broken link, nothing else said. */
export const EMPTY_DRAFT: ReportDraft = { reason: 'broken_link', details: '', contactEmail: '', goodFaith: false };

/** The fields that can be refused, in the order they stand in the dialog (the first refused one takes the focus). */
export const REPORT_FIELDS = ['reason', 'details', 'contact_email', 'good_faith'] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

/** Why a field is refused before anything is sent; the dialog words each one. */
export type ReportProblem = 'detailsTooShort' | 'emailRequired' | 'emailInvalid' | 'goodFaithRequired';

// The browser's own check of type="email" (WHATWG), so the dialog refuses what the API's format check would.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * An `illegal` notice (EU DSA Art. 16) must explain itself, carry the good-faith statement and, from a visitor,
 * an address for the acknowledgement; the other reasons need nothing. Checked here so the reporter hears of it
 * beside the field at once; the API checks the same.
 */
export function reportProblems(draft: ReportDraft, signedIn: boolean): Partial<Record<ReportField, ReportProblem>> {
  if (draft.reason !== 'illegal') return {};
  const problems: Partial<Record<ReportField, ReportProblem>> = {};
  if (draft.details.trim().length < ILLEGAL_DETAILS_MIN_LENGTH) problems.details = 'detailsTooShort';
  if (!signedIn) {
    const email = draft.contactEmail.trim();
    if (!email) problems.contact_email = 'emailRequired';
    else if (!EMAIL.test(email)) problems.contact_email = 'emailInvalid';
  }
  if (!draft.goodFaith) problems.good_faith = 'goodFaithRequired';
  return problems;
}

/**
 * ReportRequest with its reason typed from REPORT_REASONS: the contract's static type of `reason` comes out as
 * `undefined` (a Type.Union over a mapped array is not a tuple to TypeBox's Static), while its schema is right.
 */
export type ReportBody = Omit<ReportRequest, 'reason'> & { reason: ReportReason };

/** What POST /products/report is sent: only what the reason asks for, and no empty details. */
export function reportRequest(productId: number, draft: ReportDraft, signedIn: boolean): ReportBody {
  const request: ReportBody = { id: productId, reason: draft.reason };
  const details = draft.details.trim();
  if (details) request.details = details;
  if (draft.reason === 'illegal') {
    request.good_faith = draft.goodFaith;
    if (!signedIn) request.contact_email = draft.contactEmail.trim();
  }
  return request;
}

/** The first message of each field a 422 refused, by field (`{ errors: { details: ['…'] } }`). */
export function refusedFields(error: unknown): Partial<Record<ReportField, string>> {
  const body = isApiError(error) && error.status === 422 ? error.data : null;
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  const fields: Partial<Record<ReportField, string>> = {};
  if (typeof errors !== 'object' || errors === null) return fields;
  for (const field of REPORT_FIELDS) {
    const messages: unknown = (errors as Record<string, unknown>)[field];
    if (Array.isArray(messages) && typeof messages[0] === 'string') fields[field] = messages[0];
  }
  return fields;
}
