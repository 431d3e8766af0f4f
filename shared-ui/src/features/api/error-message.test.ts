import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-message.ts';

const FALLBACK = 'Something went wrong';

const answered = (status: number, data: unknown) => new ApiError({ kind: 'response', status, data });

describe('errorMessage', () => {
  it('gives the first message of the first field of a validation error', () => {
    const error = answered(422, {
      message: 'The given data was invalid.',
      errors: { title: ['The title is required', 'The title is too short'], link: ['The link is not allowed'] },
    });
    expect(errorMessage(error, FALLBACK)).toBe('The title is required');
  });

  it('gives the general message when there are no field errors', () => {
    expect(errorMessage(answered(401, { message: 'Invalid credentials' }), FALLBACK)).toBe('Invalid credentials');
    expect(errorMessage(answered(422, { message: 'Invalid data', errors: {} }), FALLBACK)).toBe('Invalid data');
  });

  it('falls back without a usable body', () => {
    expect(errorMessage(answered(500, { message: '' }), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(answered(502, null), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(answered(502, '<html>Bad gateway</html>'), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(new ApiError({ kind: 'network' }), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(new ApiError({ kind: 'timeout' }), FALLBACK)).toBe(FALLBACK);
  });

  it('falls back for anything that is not an API error, whatever it carries', () => {
    const lookalike = Object.assign(new Error('boom'), { status: 422, data: { message: 'Not from the API' } });
    expect(errorMessage(lookalike, FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(new DOMException('The operation was aborted.', 'AbortError'), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage('boom', FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(undefined, FALLBACK)).toBe(FALLBACK);
  });
});
