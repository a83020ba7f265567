import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { solvedChallenge } from './challenge';

describe('the browser side of the network puzzle', () => {
  it("solves a signed challenge with Web Crypto into a header the server's check accepts", async () => {
    const keys = { hmacSignatureSecret: 'one-secret', hmacKeySignatureSecret: 'another' };
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 1234,
      deriveKey,
      ...keys,
    });
    // What travels: the challenge as JSON, the solution back as base64 JSON.
    const header = await solvedChallenge(JSON.parse(JSON.stringify(challenge)));
    expect(header).toEqual(expect.any(String));
    const payload = JSON.parse(atob(header!)) as Parameters<typeof verifySolution>[0];
    expect(payload.solution.counter).toBe(1234);
    const result = await verifySolution({ ...payload, deriveKey, ...keys });
    expect(result.verified).toBe(true);
  });
});
