import { afterEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD_COST } from '../test/setup.ts';
import { hashPassword, PASSWORD_COST, setPasswordCostForTests, verifyPassword } from './auth.ts';

describe('password hashes', () => {
  afterEach(() => setPasswordCostForTests(TEST_PASSWORD_COST));

  it("hash with OWASP's argon2id cost (19 MiB, 2 passes, 1 lane) outside the tests' setup", async () => {
    setPasswordCostForTests();
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
    expect(await verifyPassword(null, 'correct horse')).toBe(false);
  });

  it("verify a hash of either cost whatever this process's cost is", async () => {
    const cheap = await hashPassword('pw');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    setPasswordCostForTests();
    expect(await verifyPassword(cheap, 'pw')).toBe(true);
    const owasp = await hashPassword('pw');
    setPasswordCostForTests(TEST_PASSWORD_COST);
    expect(await verifyPassword(owasp, 'pw')).toBe(true);
    expect(PASSWORD_COST).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });
});
