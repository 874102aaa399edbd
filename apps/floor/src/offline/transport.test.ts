import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from './db.ts';
import { createApiTransport } from './transport.ts';

describe('createApiTransport (ADR 0130)', () => {
  it('starts loading the calls when it is made, before any row is sent, and loads them once', async () => {
    const sent: string[] = [];
    let loads = 0;
    const send = createApiTransport({} as never, async () => {
      loads += 1;
      return {
        sendOutboxRow: async (_client, row) => {
          sent.push(row.id);
          return { status: 200 };
        },
      };
    });
    // Nothing sent yet: a device that goes offline now must already have the calls (a failed module load sticks).
    expect(loads).toBe(1);
    expect(sent).toEqual([]);
    expect(await send({ id: 'row-1' } as OutboxRecord)).toEqual({ status: 200 });
    expect(await send({ id: 'row-2' } as OutboxRecord)).toEqual({ status: 200 });
    expect(sent).toEqual(['row-1', 'row-2']);
    expect(loads).toBe(1);
  });

  it('answers no answer while the calls cannot load, and tries the load again with the next row', async () => {
    let loads = 0;
    const send = createApiTransport({} as never, async () => {
      loads += 1;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { sendOutboxRow: async () => ({ status: 200 }) };
    });
    expect(await send({ id: 'a' } as OutboxRecord)).toEqual({ status: 0 });
    expect(await send({ id: 'a' } as OutboxRecord)).toEqual({ status: 200 });
    expect(loads).toBe(2);
  });
});
