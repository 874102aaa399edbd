import { describe, expect, it } from 'vitest';
import { HTTP_ERROR_TEXT, httpErrorDisplay } from './http-errors.rules.ts';

describe('httpErrorDisplay (spec 1 §8, spec 2 §8)', () => {
  it('shows the server message of a 400 or 406 problem body as it is', () => {
    expect(httpErrorDisplay(400, { message: 'Quantity must be at least 1' }, '/orders')).toEqual({
      show: true,
      kind: 'server-message',
      text: 'Quantity must be at least 1',
    });
    expect(httpErrorDisplay(406, 'Plain text body', '/orders')).toEqual({
      show: true,
      kind: 'server-message',
      text: 'Plain text body',
    });
  });

  it('falls back to the generic text for a 400 without a readable body', () => {
    expect(httpErrorDisplay(400, undefined, '/orders')).toEqual({ show: true, kind: 'generic' });
  });

  it('shows the unauthorized text for 401 except on the root path', () => {
    expect(httpErrorDisplay(401, {}, '/orders')).toEqual({ show: true, kind: 'unauthorized' });
    expect(httpErrorDisplay(401, {}, '/')).toEqual({ show: false });
  });

  it('shows the readable message of a failed login instead of the unauthorized text', () => {
    const body = {
      statusCode: 401,
      code: 'invalid_credentials',
      message: 'The email address or password is incorrect',
    };
    expect(httpErrorDisplay(401, body, '/login')).toEqual({
      show: true,
      kind: 'server-message',
      text: 'The email address or password is incorrect',
    });
    expect(httpErrorDisplay(401, { ...body, code: 'unauthorized' }, '/login')).toEqual({
      show: true,
      kind: 'unauthorized',
    });
  });

  it('shows the generic banner for 500, 404 and network failures', () => {
    for (const status of [500, 404, 0, 503]) {
      expect(httpErrorDisplay(status, { message: 'boom' }, '/home')).toEqual({ show: true, kind: 'generic' });
    }
  });

  it('uses the corrected English texts', () => {
    expect(HTTP_ERROR_TEXT.unauthorized).toBe('You are not authorized for this action');
    expect(HTTP_ERROR_TEXT.generic).toBe('Something went wrong, please consult your logs');
  });
});
