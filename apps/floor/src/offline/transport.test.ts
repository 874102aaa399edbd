import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from './db.ts';
import { createApiTransport } from './transport.ts';

describe('createApiTransport (ADR 0130)', () => {
  it('starts loading the calls at the first input after it is made, before any row is sent, and loads them once', async () => {
    const sent: string[] = [];
    let loads = 0;
    const target = new EventTarget();
    const send = createApiTransport(
      {} as never,
      async () => {
        loads += 1;
        return {
          sendOutboxRow: async (_client, row) => {
            sent.push(row.id);
            return { status: 200 };
          },
        };
      },
      { target, idle: (run) => run() },
    );
    // Not with the screen's first paint (the floor's first-load budget, ADR 0131): nothing loads until the user acts.
    expect(loads).toBe(0);
    target.dispatchEvent(new Event('keydown'));
    // Nothing sent yet: a device that goes offline now must already have the calls (a failed module load sticks).
    expect(loads).toBe(1);
    target.dispatchEvent(new Event('pointerdown'));
    expect(loads).toBe(1);
    expect(sent).toEqual([]);
    expect(await send({ id: 'row-1' } as OutboxRecord)).toEqual({ status: 200 });
    expect(await send({ id: 'row-2' } as OutboxRecord)).toEqual({ status: 200 });
    expect(sent).toEqual(['row-1', 'row-2']);
    expect(loads).toBe(1);
  });

  it('loads the calls with the first row when that comes before any input', async () => {
    let loads = 0;
    const send = createApiTransport(
      {} as never,
      async () => {
        loads += 1;
        return { sendOutboxRow: async () => ({ status: 200 }) };
      },
      { target: new EventTarget(), idle: (run) => run() },
    );
    expect(await send({ id: 'a' } as OutboxRecord)).toEqual({ status: 200 });
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
