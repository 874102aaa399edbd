import { describe, expect, it } from 'vitest';
import { visibleNavItems } from '../../app/layout/navigation.rules.ts';
import { merchantOwner, merchantUser, role } from '../../test/fixtures.ts';

const keys = (...args: Parameters<typeof visibleNavItems>) => visibleNavItems(...args).map((i) => i.key);

describe('the inbound menu entries (spec 2 §2 Main layout, §6)', () => {
  it('shows Inbound to whoever may read the inbounds and Announce only to whoever may announce', () => {
    const reader = role('inbound_reader', [{ methods: ['GET'], path: '/inbound*' }]);
    const owner = role('inbound_owner', [
      { methods: ['GET'], path: '/inbound*' },
      { methods: ['POST', 'PUT'], path: '/inbound' },
      { methods: ['POST', 'PUT'], path: '/inbound/*' },
    ]);
    expect(keys(reader, false)).toContain('inbounds');
    expect(keys(reader, false)).not.toContain('announce');
    expect(keys(owner, false)).toEqual(expect.arrayContaining(['inbounds', 'announce']));
  });

  it('shows neither to a role without inbound grants', () => {
    expect(keys(merchantUser, false)).not.toContain('inbounds');
    expect(keys(merchantOwner, false)).not.toContain('announce');
  });
});
