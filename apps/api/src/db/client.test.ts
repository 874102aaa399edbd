import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type Db, escapeLike, type Runner, serialRunner, TRANSACTION_TRIES } from './client.ts';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set: both drivers must answer alike.
describe('Db (PGlite and node-postgres answer with the same types)', () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.db;
    await db.exec('CREATE TABLE t_items (id int PRIMARY KEY, name text NOT NULL)');
  });
  afterAll(async () => t.close());

  it('maps column types consistently', async () => {
    const r = await db.query<Record<string, unknown>>(
      `SELECT 42::int8 AS i8, count(*) AS c, 7::int4 AS i4, 1.250::numeric(10,3) AS n,
              '2026-01-02T03:04:05Z'::timestamptz AS ts, '\\x010203'::bytea AS b, '{"a":[1,2]}'::jsonb AS j,
              $1::bytea AS b2, $2::jsonb AS j2, true AS flag`,
      [Buffer.from([9, 8]), JSON.stringify([{ x: 1 }])],
    );
    const row = r.rows[0] as Record<string, unknown>;
    expect(row.i8).toBe(42);
    expect(row.c).toBe(1);
    expect(row.i4).toBe(7);
    expect(row.n).toBe('1.250');
    expect(row.ts).toBeInstanceOf(Date);
    expect((row.ts as Date).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(Buffer.isBuffer(row.b)).toBe(true);
    expect([...(row.b as Buffer)]).toEqual([1, 2, 3]);
    expect([...(row.b2 as Buffer)]).toEqual([9, 8]);
    expect(row.j).toEqual({ a: [1, 2] });
    expect(row.j2).toEqual([{ x: 1 }]);
    expect(row.flag).toBe(true);
  });

  it('compiles no statement with JIT on any connection (ADR 0099)', async () => {
    // Three transactions at once hold three of the pool's connections. PostgreSQL with its JIT provider answers
    // true unless the connection was opened with jit=off; PGlite has no provider.
    const available = await Promise.all(
      [1, 2, 3].map(() =>
        db.transaction(
          async (tx) => (await tx.query<{ jit: boolean }>('SELECT pg_jit_available() AS jit')).rows[0]?.jit,
        ),
      ),
    );
    expect(available).toEqual([false, false, false]);
  });

  it('reports affected rows for changes and read rows for SELECT', async () => {
    expect((await db.query('INSERT INTO t_items VALUES (1, $1), (2, $2)', ['a', 'b'])).rowCount).toBe(2);
    expect((await db.query('UPDATE t_items SET name = name WHERE id > 0')).rowCount).toBe(2);
    expect((await db.query('SELECT * FROM t_items')).rowCount).toBe(2);
    expect((await db.query('DELETE FROM t_items WHERE id = 99')).rowCount).toBe(0);
  });

  it('commits a transaction, rolls it back on an error, and reuses it when nested', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t_items VALUES (10, $1)', ['committed']);
      // A service handed `tx` that opens its own transaction joins this one.
      await tx.transaction(async (inner) => inner.query('INSERT INTO t_items VALUES (11, $1)', ['nested']));
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t_items VALUES (20, $1)', ['rolled back']);
        await tx.transaction(async (inner) =>
          inner.query('INSERT INTO t_items VALUES (21, $1)', ['rolled back too']),
        );
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const ids = (
      await db.query<{ id: number }>('SELECT id FROM t_items WHERE id >= 10 ORDER BY id')
    ).rows.map((r) => r.id);
    expect(ids).toEqual([10, 11]);
  });

  it('rolls back when a statement inside the transaction fails', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t_items VALUES (30, $1)', ['x']);
        await tx.query('INSERT INTO t_items VALUES (30, $1)', ['duplicate']);
      }),
    ).rejects.toThrow();
    expect((await db.query('SELECT 1 FROM t_items WHERE id = 30')).rowCount).toBe(0);
    expect((await db.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('runs a transaction again after a deadlock or serialization failure, and no other error', async () => {
    const abort = (code: string) => Object.assign(new Error(`aborted ${code}`), { code });
    // First try writes a row and is aborted as PostgreSQL aborts a deadlock's victim; the second try commits.
    let tries = 0;
    const made = await db.transaction(async (tx) => {
      tries += 1;
      await tx.query('INSERT INTO t_items VALUES (150, $1)', [`try ${tries}`]);
      if (tries === 1) throw abort('40P01');
      return 'made';
    });
    expect(made).toBe('made');
    expect(tries).toBe(2);
    expect((await db.query('SELECT name FROM t_items WHERE id = 150')).rows).toEqual([{ name: 'try 2' }]);
    // A serialization failure every time: TRANSACTION_TRIES tries, then its error, and nothing written.
    tries = 0;
    await expect(
      db.transaction(async (tx) => {
        tries += 1;
        await tx.query('INSERT INTO t_items VALUES (151, $1)', ['never']);
        throw abort('40001');
      }),
    ).rejects.toThrow('aborted 40001');
    expect(tries).toBe(TRANSACTION_TRIES);
    // Any other failure (here a unique violation, 23505) is not tried again.
    tries = 0;
    await expect(
      db.transaction(async (tx) => {
        tries += 1;
        await tx.query('INSERT INTO t_items VALUES (150, $1)', ['duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(tries).toBe(1);
    expect((await db.query('SELECT 1 FROM t_items WHERE id = 151')).rowCount).toBe(0);
  });

  it('keeps queries from outside a transaction out of it (they survive its rollback)', async () => {
    const inTx = db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO t_items VALUES (40, $1)', ['inside']);
        await new Promise((r) => setTimeout(r, 100));
        throw new Error('rollback');
      })
      .catch(() => 'rolled back');
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query('INSERT INTO t_items VALUES (41, $1)', ['outside']);
    await Promise.all([inTx, outside]);
    const ids = (
      await db.query<{ id: number }>('SELECT id FROM t_items WHERE id BETWEEN 40 AND 49 ORDER BY id')
    ).rows;
    expect(ids).toEqual([{ id: 41 }]);
  });

  it('matches LIKE wildcards in user text literally after escapeLike', async () => {
    await db.query('INSERT INTO t_items VALUES (60, $1), (61, $2), (62, $3)', [
      '50% off',
      '50 pieces',
      'a_b\\c',
    ]);
    const like = async (text: string) =>
      (
        await db.query<{ id: number }>('SELECT id FROM t_items WHERE name ILIKE $1 ORDER BY id', [
          `%${escapeLike(text)}%`,
        ])
      ).rows.map((r) => r.id);
    expect(await like('50%')).toEqual([60]);
    expect(await like('a_b\\c')).toEqual([62]);
    expect(await like('_')).toEqual([62]);
  });
});

describe('serialRunner (one statement at a time on a transaction connection)', () => {
  it('starts a call only after the one before it settled, in call order, also after a failure', async () => {
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const connection: Runner = {
      async query<T>(sql: string) {
        running++;
        most = Math.max(most, running);
        log.push(`start ${sql}`);
        await new Promise((r) => setTimeout(r, sql === 'slow' ? 30 : 1));
        running--;
        log.push(`end ${sql}`);
        if (sql === 'bad') throw new Error('refused');
        return { rows: [sql] as T[], rowCount: 1 };
      },
      async exec(sql: string) {
        running++;
        most = Math.max(most, running);
        log.push(`exec ${sql}`);
        running--;
      },
    };
    const tx = serialRunner(connection);
    const answers = await Promise.allSettled([
      tx.query('slow'),
      tx.query('bad'),
      tx.exec('script'),
      tx.query('last'),
    ]);
    expect(most).toBe(1);
    expect(log).toEqual([
      'start slow',
      'end slow',
      'start bad',
      'end bad',
      'exec script',
      'start last',
      'end last',
    ]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((answers[3] as PromiseFulfilledResult<{ rows: string[] }>).value.rows).toEqual(['last']);
  });

  it('queues the statements of a transaction sent together, on PGlite and on PostgreSQL alike', async () => {
    const t = await createTestApp();
    try {
      const rows = await t.db.transaction(async (tx) =>
        Promise.all([
          tx.query<{ n: number }>('SELECT 1 AS n FROM pg_sleep(0.05)'),
          tx.query<{ n: number }>('SELECT 2 AS n'),
          tx.query<{ n: number }>('SELECT 3 AS n'),
        ]),
      );
      expect(rows.map((r) => r.rows[0]?.n)).toEqual([1, 2, 3]);
    } finally {
      await t.close();
    }
  });
});

/**
 * Two transactions that take two rows in opposite orders, each holding its first before asking for its second: on
 * PostgreSQL (TEST_DATABASE_URL, as `npm test` runs it) a real deadlock, which PostgreSQL breaks after its
 * deadlock_timeout by aborting one (40P01). Both must commit: the victim is run again once the other has ended.
 * PGlite has one connection, so the two cannot hold locks at once there; the test belongs to the PostgreSQL run.
 */
if (process.env.TEST_DATABASE_URL) {
  describe('a deadlock on PostgreSQL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
      await t.db.exec(
        'CREATE TABLE t_locks (id int PRIMARY KEY, n int NOT NULL); INSERT INTO t_locks VALUES (1, 0), (2, 0)',
      );
    });
    afterAll(async () => t.close());

    it('commits both transactions: the one PostgreSQL aborts is run again', async () => {
      let bothHold: () => void = () => {};
      const held = new Promise<void>((done) => {
        let count = 0;
        bothHold = () => {
          count += 1;
          if (count === 2) done();
        };
      });
      const tries = [0, 0];
      const crosswise = (who: 0 | 1, first: number, second: number) =>
        t.db.transaction(async (tx) => {
          tries[who] = (tries[who] ?? 0) + 1;
          await tx.query('UPDATE t_locks SET n = n + 1 WHERE id = $1', [first]);
          if (tries[who] === 1) {
            bothHold();
            await held;
          }
          await tx.query('UPDATE t_locks SET n = n + 10 WHERE id = $1', [second]);
          return tries[who];
        });
      const outcome = await Promise.allSettled([crosswise(0, 1, 2), crosswise(1, 2, 1)]);
      expect(outcome.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      // Exactly one of them was the victim and ran twice.
      expect([...tries].sort()).toEqual([1, 2]);
      // Each row: +1 from one transaction and +10 from the other, each applied once.
      expect((await t.db.query('SELECT id, n FROM t_locks ORDER BY id')).rows).toEqual([
        { id: 1, n: 11 },
        { id: 2, n: 11 },
      ]);
    });
  });
}
