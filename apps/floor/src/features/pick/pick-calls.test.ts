import {
  pickClaimEndpoint,
  pickItemOrdersEndpoint,
  pickListEndpoint,
  pickReleaseEndpoint,
} from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { PICK_CALLS } from './pick-calls.ts';

describe('the pick calls sent without schemas (ADR 0072)', () => {
  it('name the method and path of their contracts, so a changed path fails here', () => {
    const contract = {
      list: pickListEndpoint,
      rounds: pickItemOrdersEndpoint,
      claim: pickClaimEndpoint,
      release: pickReleaseEndpoint,
    };
    for (const [name, ref] of Object.entries(PICK_CALLS)) {
      const endpoint = contract[name as keyof typeof contract];
      expect({ method: ref.method, path: ref.path }, name).toEqual({
        method: endpoint.method,
        path: endpoint.path,
      });
    }
  });

  it('read trusted answers only from endpoints the API writes in their shape or checks', () => {
    // The list and its rounds are written field by field in their contract's shape (ADR 0065); the claim's answers
    // go through zod's serializer. A list or rounds endpoint that lost `trustedOutput` would change that.
    expect(pickListEndpoint.trustedOutput).toBe(true);
    expect(pickItemOrdersEndpoint.trustedOutput).toBe(true);
    expect(pickClaimEndpoint.trustedOutput).toBeUndefined();
    expect(pickReleaseEndpoint.trustedOutput).toBeUndefined();
  });
});
