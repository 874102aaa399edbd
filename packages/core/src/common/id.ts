/** Two lowercase hex digits for each byte value 0–255. */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
/** The two hex digits of the low byte of `n`. */
const hex = (n: number): string => HEX[n & 0xff] as string;

/** Random bytes drawn from Web Crypto in one call per {@link POOL_IDS} ids: a call per id cost ~10 µs (ADR 0004). */
const POOL_IDS = 512;
const pool = new Uint8Array(5 * POOL_IDS);
let poolAt = pool.length;

let counter = Math.floor(Math.random() * 0xffffff);

/**
 * Generates a 24-character lowercase hex id, ObjectId style: 4 bytes of seconds since the epoch,
 * 5 random bytes and a 3-byte counter, so ids sort roughly by creation time and never collide
 * within one process (docs/decisions/0004-ids.md). Works in Node and browsers (Web Crypto); the random bytes
 * come from a pool refilled by one `getRandomValues` call per 512 ids, so a bulk import's thousands of ids do not
 * each pay for a call.
 */
export function newId(now: number = Date.now()): string {
  const secs = Math.floor(now / 1000);
  if (poolAt === pool.length) {
    globalThis.crypto.getRandomValues(pool);
    poolAt = 0;
  }
  counter = (counter + 1) & 0xffffff;
  let id = hex(secs >>> 24) + hex(secs >>> 16) + hex(secs >>> 8) + hex(secs);
  for (let i = 0; i < 5; i++) id += hex(pool[poolAt++] as number);
  return id + hex(counter >>> 16) + hex(counter >>> 8) + hex(counter);
}
