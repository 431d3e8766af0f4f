import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message.ts';

const FALLBACK = 'Something went wrong';

function answered(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', AxiosError.ERR_BAD_REQUEST, config, null, {
    data,
    status,
    statusText: 'Error',
    headers: {},
    config,
  });
}

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
    expect(errorMessage(answered(502, '<html>Bad gateway</html>'), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(new AxiosError('Network Error', AxiosError.ERR_NETWORK), FALLBACK)).toBe(FALLBACK);
  });

  it('falls back for anything that is not an axios error, whatever it carries', () => {
    const lookalike = Object.assign(new Error('boom'), { response: { data: { message: 'Not from the API' } } });
    expect(errorMessage(lookalike, FALLBACK)).toBe(FALLBACK);
    expect(errorMessage('boom', FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(undefined, FALLBACK)).toBe(FALLBACK);
  });
});
