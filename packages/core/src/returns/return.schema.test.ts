import { describe, expect, it } from 'vitest';
import { returnOutcome } from './return.schema.ts';

describe('where a closed return line went', () => {
  it('counts the pieces back in stock and in quarantine, nothing for 0 received, from older answers the flag', () => {
    const closed = { fulfilled_at: '2026-12-03T12:00:00Z', quarantined: true };
    expect(returnOutcome({ ...closed, received_quantity: 2, restocked_quantity: 1 })).toEqual({
      restocked: 1,
      quarantined: 1,
    });
    expect(returnOutcome({ ...closed, received_quantity: 0, restocked_quantity: 0 })).toEqual({
      restocked: 0,
      quarantined: 0,
    });
    // Answers from before restocked_quantity: the one flag says where all of them went.
    expect(returnOutcome({ ...closed, received_quantity: 2, restocked_quantity: undefined })).toEqual({
      restocked: 0,
      quarantined: 2,
    });
    expect(
      returnOutcome({ ...closed, quarantined: false, received_quantity: 2, restocked_quantity: null }),
    ).toEqual({
      restocked: 2,
      quarantined: 0,
    });
  });
});
