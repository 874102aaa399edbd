/**
 * A transaction that is run again, for the tests of functions that open one. `db/client.ts` runs a transaction's
 * function again from the start when PostgreSQL aborts it with a deadlock or a serialization failure: the first
 * attempt's database effects are rolled back, anything it changed outside the database is not. A test database never
 * deadlocks on its own, so this wrapper forces the worst case on every outermost transaction.
 */
import type { Db } from '../db/client.ts';

/** Thrown to roll the first attempt back; no retryable SQLSTATE, so the driver's own retry leaves it alone. */
const FIRST_ATTEMPT_UNDONE = new Error('first attempt rolled back by replayedTransactions');

/**
 * `db` with every outermost `transaction(fn)` run twice: fn runs to its end and the transaction is rolled back, then fn
 * runs again and commits (as after a deadlock in the first attempt's last statement). An error of the first attempt
 * is thrown as it is, without a second one. `replays` counts the rolled-back attempts, so a test can check that the
 * function under test did open a transaction on this handle. Queries outside transactions and nested
 * `tx.transaction()` calls go to `db` unchanged.
 */
export function replayedTransactions(db: Db): Db & { replays: number } {
  const replayed: Db & { replays: number } = {
    kind: db.kind,
    replays: 0,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    listen: (channel, on) => db.listen(channel, on),
    close: () => db.close(),
    async transaction(fn) {
      try {
        await db.transaction(async (tx) => {
          await fn(tx);
          throw FIRST_ATTEMPT_UNDONE;
        });
      } catch (err) {
        if (err !== FIRST_ATTEMPT_UNDONE) throw err;
      }
      replayed.replays += 1;
      return db.transaction(fn);
    },
  };
  return replayed;
}
