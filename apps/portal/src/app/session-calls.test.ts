import { listOrgsEndpoint } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { endpointQuery } from '../lib/endpoint-query.ts';
import { ORGS_QUERY_KEY } from './session.ts';

describe("the layout's organisation list", () => {
  it('shares its cache entry with every other screen that lists the organisations', () => {
    expect(ORGS_QUERY_KEY).toEqual(endpointQuery(listOrgsEndpoint, {}).queryKey);
  });
});
