/** Default English texts of the error contract (spec 1 §8, spec 2 §8), with the source's typos fixed. */
export const HTTP_ERROR_TEXT = {
  unauthorized: 'You are not authorized for this action',
  generic: 'Something went wrong, please consult your logs',
} as const;

/** What an app shows for a failed call: nothing, the server's body, or one of the fixed texts. */
export type HttpErrorDisplay =
  | { show: false }
  | { show: true; kind: 'server-message'; text: string }
  | { show: true; kind: 'unauthorized' }
  | { show: true; kind: 'generic' };

/**
 * The HTTP client rule both apps follow (spec 1 §8, spec 2 §8): 400 and 406 show the server's
 * response body as it is (its `message` when it is a problem object); 401 shows the unauthorized
 * text except on the root path `/`; anything else shows the generic text in a red banner that
 * replaces the loading indicator. `status` 0 means a network failure.
 * A failed login (401 with code `invalid_credentials`) is not a missing permission: its readable
 * message ('The email address or password is incorrect') is shown instead of the unauthorized text.
 */
export function httpErrorDisplay(status: number, body: unknown, pathname: string): HttpErrorDisplay {
  if (status === 400 || status === 406) {
    if (typeof body === 'string' && body.trim() !== '')
      return { show: true, kind: 'server-message', text: body };
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return { show: true, kind: 'server-message', text: body.message };
    }
    return { show: true, kind: 'generic' };
  }
  if (status === 401 && isProblemWithCode(body, 'invalid_credentials')) {
    return { show: true, kind: 'server-message', text: (body as { message: string }).message };
  }
  if (status === 401) return pathname === '/' ? { show: false } : { show: true, kind: 'unauthorized' };
  return { show: true, kind: 'generic' };
}

function isProblemWithCode(body: unknown, code: string): boolean {
  return (
    !!body &&
    typeof body === 'object' &&
    'code' in body &&
    body.code === code &&
    'message' in body &&
    typeof body.message === 'string'
  );
}
