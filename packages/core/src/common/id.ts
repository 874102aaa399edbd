/**
 * Generates a 24-character lowercase hex id, ObjectId style: 4 bytes of seconds since the epoch,
 * 5 random bytes and a 3-byte counter, so ids sort roughly by creation time and never collide
 * within one process (docs/decisions/0004-ids.md). Works in Node and browsers (Web Crypto).
 */
export function newId(now: number = Date.now()): string {
  const bytes = new Uint8Array(12);
  const secs = Math.floor(now / 1000);
  bytes[0] = (secs >>> 24) & 0xff;
  bytes[1] = (secs >>> 16) & 0xff;
  bytes[2] = (secs >>> 8) & 0xff;
  bytes[3] = secs & 0xff;
  globalThis.crypto.getRandomValues(bytes.subarray(4, 9));
  counter = (counter + 1) & 0xffffff;
  bytes[9] = (counter >>> 16) & 0xff;
  bytes[10] = (counter >>> 8) & 0xff;
  bytes[11] = counter & 0xff;
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
let counter = Math.floor(Math.random() * 0xffffff);
