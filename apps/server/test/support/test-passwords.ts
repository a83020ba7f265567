import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHashing } from '../../src/modules/identity/better-auth';

/**
 * The API tests' password hashing: scrypt at N=1024, r=8 — about 1 ms instead of the
 * identity layer's N=16384, r=16 (about 100 ms of a core), which thousands of sign-ups
 * and sign-ins would spend over the suite. Every running site keeps the library's own
 * hashing; password-hashing.test.ts checks an app built without this one uses it.
 */
const N = 1024;
const r = 8;
const KEY_LENGTH = 64;

function key(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p: 1 }, (err, derived) =>
      err ? reject(err) : resolve(derived),
    ),
  );
}

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await key(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, stored] = hash.split(':');
    if (!salt || !stored) return false;
    const derived = await key(password, salt);
    const expected = Buffer.from(stored, 'hex');
    return expected.length === derived.length && timingSafeEqual(expected, derived);
  },
};
