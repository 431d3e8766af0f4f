import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { fakeApi, type Reply, restoreApi } from '@linkhunt/shared-ui/test/fake-api.ts';
import { TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formErrorsOf, NO_ERRORS } from './form-errors.ts';

const FALLBACK = 'The product could not be saved. Try again.';

/** The error the shared client rejects with when the API answers `reply` (a real ApiError). */
async function failureOf(reply: Reply | Promise<Reply>): Promise<unknown> {
  fakeApi(() => reply);
  return apiClient.post('/products', new FormData()).then(
    () => {
      throw new Error('the call was expected to fail');
    },
    (error: unknown) => error,
  );
}

beforeEach(() => setSiteConfig({ apiUrl: TEST_API_URL }));
afterEach(() => restoreApi());

describe('formErrorsOf', () => {
  it('keeps the first message of each refused field, with no general message, and toasts the first field’s', async () => {
    const error = await failureOf({
      status: 422,
      data: {
        message: 'The given data was invalid.',
        errors: {
          title: ['The title must be at least 3 characters.', 'The title is too plain.'],
          link_hacoo: ['The Hacoo link must be a valid URL.'],
        },
      },
    });

    expect(formErrorsOf(error, FALLBACK)).toEqual({
      fields: { title: 'The title must be at least 3 characters.', link_hacoo: 'The Hacoo link must be a valid URL.' },
      general: null,
      toast: 'The title must be at least 3 characters.',
    });
  });

  it('names an array field as the form does, without its []', async () => {
    const error = await failureOf({
      status: 422,
      data: { message: 'The given data was invalid.', errors: { 'categories[]': ['Choose at most 8 categories.'], 'colors[]': ['Too many colours.'] } },
    });

    const found = formErrorsOf(error, FALLBACK);
    expect(found.fields).toEqual({ categories: 'Choose at most 8 categories.', colors: 'Too many colours.' });
    expect(found.toast).toBe('Choose at most 8 categories.');
  });

  it('skips a field without a message it can show', async () => {
    const error = await failureOf({
      status: 422,
      data: { message: 'The given data was invalid.', errors: { title: [], brand: [42], description: ['The description is required.'] } },
    });

    expect(formErrorsOf(error, FALLBACK).fields).toEqual({ description: 'The description is required.' });
  });

  it('gives the API’s message as the general one when no field is to blame', async () => {
    const error = await failureOf({ status: 403, data: { message: 'This product is not yours.' } });

    expect(formErrorsOf(error, FALLBACK)).toEqual({ fields: {}, general: 'This product is not yours.', toast: 'This product is not yours.' });
  });

  it('falls back to the caller’s words when the answer says nothing usable', async () => {
    const error = await failureOf({ status: 502, data: '<html>Bad gateway</html>' });

    expect(formErrorsOf(error, FALLBACK)).toEqual({ fields: {}, general: FALLBACK, toast: FALLBACK });
  });

  it('falls back to the caller’s words when the API cannot be reached', async () => {
    const error = await failureOf(Promise.reject(new Error('Network Error')));

    expect(formErrorsOf(error, FALLBACK)).toEqual({ fields: {}, general: FALLBACK, toast: FALLBACK });
    expect(formErrorsOf(null, FALLBACK)).toEqual({ fields: {}, general: FALLBACK, toast: FALLBACK });
  });

  it('says the session expired, in the form and with no toast, when the API refuses the session', async () => {
    const error = await failureOf({ status: 401, data: { message: 'Invalid token' } });

    expect(formErrorsOf(error, FALLBACK, 'Your session expired.')).toEqual({ fields: {}, general: 'Your session expired.', toast: '' });
    // Without those words (a sign-in form, which never sends a session) a 401 is like any refusal.
    expect(formErrorsOf(error, FALLBACK)).toEqual({ fields: {}, general: 'Invalid token', toast: 'Invalid token' });
  });

  it('starts from nothing to show', () => {
    expect(NO_ERRORS).toEqual({ fields: {}, general: null, toast: '' });
  });
});
