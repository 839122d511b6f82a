import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';

/**
 * A cheap password hash for test servers only: scrypt with a tiny cost, so the many sign-ups of the
 * API tests do not each spend a loaded machine's second on better-auth's real scrypt (N=16384, r=16).
 * What the tests prove about passwords (wrong ones refused, changes and resets taking effect) holds the
 * same. Hashes better-auth made (a seeded database) still verify. The server refuses it in production.
 */
const PREFIX = 'test-scrypt';
const COST = { N: 16, r: 1, p: 1 } as const;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, 32, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export const testPasswordHashing = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    return `${PREFIX}:${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [prefix, salt, key] = hash.split(':');
    if (prefix !== PREFIX || salt === undefined || key === undefined)
      return verifyPassword({ hash, password });
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, salt);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};
