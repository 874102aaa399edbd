import { describe, expect, it } from 'vitest';
import { decideRoute, isPublicPath, type SessionState } from './routing-guard.ts';

const loading: SessionState = { user: 'loading' };
const anonymous: SessionState = { user: 'anonymous' };
const failed: SessionState = { user: 'error' };
const withOrg: SessionState = { user: 'present', orgAuth: 'present' };
const noOrg: SessionState = { user: 'present', orgAuth: 'missing' };
const orgLoading: SessionState = { user: 'present', orgAuth: 'loading' };
const orgFailed: SessionState = { user: 'present', orgAuth: 'error' };

describe('decideRoute (spec 2 §2 routing guard)', () => {
  it('sends / to /home when logged in and to /login otherwise', () => {
    expect(decideRoute('/', withOrg)).toEqual({ action: 'redirect', to: '/home' });
    expect(decideRoute('/', noOrg)).toEqual({ action: 'redirect', to: '/home' });
    expect(decideRoute('/', anonymous)).toEqual({ action: 'redirect', to: '/login' });
    expect(decideRoute('/', loading)).toEqual({ action: 'wait' });
    expect(decideRoute('/', failed)).toEqual({ action: 'error' });
  });

  it('shows public paths to anonymous visitors and sends logged-in users to /home', () => {
    for (const path of ['/login', '/signup', '/reset', '/inbounds-report', '/reset/']) {
      expect(decideRoute(path, anonymous)).toEqual({ action: 'render' });
      expect(decideRoute(path, withOrg)).toEqual({ action: 'redirect', to: '/home' });
      expect(decideRoute(path, noOrg)).toEqual({ action: 'redirect', to: '/home' });
    }
    // A public page stays usable when the current-user call failed (the form reports its own errors).
    expect(decideRoute('/login', failed)).toEqual({ action: 'render' });
  });

  it('returns a logged-in user to the page that sent them to the login, but never to a public page or off-site', () => {
    expect(decideRoute('/login', withOrg, '/orders?limit=20')).toEqual({
      action: 'redirect',
      to: '/orders?limit=20',
    });
    expect(decideRoute('/login', withOrg, '/signup')).toEqual({ action: 'redirect', to: '/home' });
    expect(decideRoute('/login', withOrg, '//evil.example')).toEqual({ action: 'redirect', to: '/home' });
    expect(decideRoute('/login', withOrg, 'https://evil.example')).toEqual({
      action: 'redirect',
      to: '/home',
    });
    expect(decideRoute('/login', withOrg, '/')).toEqual({ action: 'redirect', to: '/home' });
  });

  it('sends anonymous visitors of other paths to /login, remembering where they were going', () => {
    for (const path of ['/home', '/orders', '/shipments/abc', '/orgs/add', '/nope', '/loginx']) {
      expect(decideRoute(path, anonymous)).toEqual({ action: 'redirect', to: '/login', rememberFrom: true });
    }
  });

  it('needs the organisation authorisation for authenticated routes and sends users without one to /orgs/add', () => {
    expect(decideRoute('/home', withOrg)).toEqual({ action: 'render' });
    expect(decideRoute('/orders', noOrg)).toEqual({ action: 'redirect', to: '/orgs/add' });
    expect(decideRoute('/home', noOrg)).toEqual({ action: 'redirect', to: '/orgs/add' });
    expect(decideRoute('/orgs/add', noOrg)).toEqual({ action: 'render' });
    expect(decideRoute('/orgs/add', withOrg)).toEqual({ action: 'render' });
    expect(decideRoute('/home', orgLoading)).toEqual({ action: 'wait' });
    expect(decideRoute('/orgs/add', orgLoading)).toEqual({ action: 'render' });
    expect(decideRoute('/home', orgFailed)).toEqual({ action: 'error' });
  });

  it('waits while the current user is being fetched and shows the error when that call fails', () => {
    expect(decideRoute('/home', loading)).toEqual({ action: 'wait' });
    expect(decideRoute('/login', loading)).toEqual({ action: 'wait' });
    expect(decideRoute('/home', failed)).toEqual({ action: 'error' });
  });
});

describe('isPublicPath', () => {
  it('matches the four public paths and what lies below them only', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/inbounds-report/2026')).toBe(true);
    expect(isPublicPath('/logins')).toBe(false);
    expect(isPublicPath('/home')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
  });
});
