import { type PasswordCost, setPasswordCostForTests } from '../lib/auth.ts';

/**
 * The argon2id cost of the passwords the API tests hash (1 MiB, 1 pass: ≈ 1 CPU ms against ≈ 50 with OWASP's
 * `PASSWORD_COST`, and the suite hashes and verifies hundreds). Production's cost is checked in src/lib/auth.test.ts;
 * the two-processes test and the journeys run real servers with it.
 */
export const TEST_PASSWORD_COST: PasswordCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

setPasswordCostForTests(TEST_PASSWORD_COST);
