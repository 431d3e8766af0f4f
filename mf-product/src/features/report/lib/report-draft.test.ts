import { ILLEGAL_DETAILS_MIN_LENGTH } from '@linkhunt/contracts/product';
import { ApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, refusedFields, reportProblems, reportRequest } from './report-draft.ts';

const enough = 'x'.repeat(ILLEGAL_DETAILS_MIN_LENGTH);
const illegal = { ...EMPTY_DRAFT, reason: 'illegal' as const };

describe('reportProblems', () => {
  it('asks nothing of a broken link, a wrong product or another reason', () => {
    for (const reason of ['broken_link', 'wrong_product', 'other'] as const) expect(reportProblems({ ...EMPTY_DRAFT, reason }, false)).toEqual({});
  });

  it('asks a visitor\'s illegal notice for details, an address and the good-faith statement', () => {
    expect(reportProblems(illegal, false)).toEqual({ details: 'detailsTooShort', contact_email: 'emailRequired', good_faith: 'goodFaithRequired' });
    expect(reportProblems({ ...illegal, details: ` ${'x'.repeat(ILLEGAL_DETAILS_MIN_LENGTH - 1)} `, contactEmail: 'nope', goodFaith: true }, false)).toEqual({
      details: 'detailsTooShort',
      contact_email: 'emailInvalid',
    });
    expect(reportProblems({ ...illegal, details: enough, contactEmail: 'me@example.com', goodFaith: true }, false)).toEqual({});
  });

  it('needs no address from a signed-in reporter, whose account gets the acknowledgement', () => {
    expect(reportProblems({ ...illegal, details: enough, goodFaith: true }, true)).toEqual({});
  });
});

describe('reportRequest', () => {
  it('sends the reason, and details only when there are some', () => {
    expect(reportRequest(7, EMPTY_DRAFT, false)).toEqual({ id: 7, reason: 'broken_link' });
    expect(reportRequest(7, { ...EMPTY_DRAFT, reason: 'other', details: '  Wrong size chart  ', contactEmail: 'me@example.com', goodFaith: true }, false)).toEqual({
      id: 7,
      reason: 'other',
      details: 'Wrong size chart',
    });
  });

  it('adds the statement to an illegal notice, and the address only from a visitor', () => {
    const draft = { ...illegal, details: enough, contactEmail: ' me@example.com ', goodFaith: true };
    expect(reportRequest(7, draft, false)).toEqual({ id: 7, reason: 'illegal', details: enough, good_faith: true, contact_email: 'me@example.com' });
    expect(reportRequest(7, draft, true)).toEqual({ id: 7, reason: 'illegal', details: enough, good_faith: true });
  });
});

describe('refusedFields', () => {
  it('takes the first message of each field of a 422', () => {
    const error = new ApiError({ kind: 'response', status: 422, data: { message: 'Invalid', errors: { details: ['Too short', 'Other'], contact_email: ['Needed'], id: ['?'] } } });
    expect(refusedFields(error)).toEqual({ details: 'Too short', contact_email: 'Needed' });
  });

  it('finds nothing in other failures', () => {
    expect(refusedFields(new ApiError({ kind: 'response', status: 429, data: { message: 'Slow down' } }))).toEqual({});
    expect(refusedFields(new ApiError({ kind: 'network' }))).toEqual({});
    expect(refusedFields(new Error('boom'))).toEqual({});
  });
});
