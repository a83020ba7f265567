import { describe, expect, it } from 'vitest';
import { MSG } from '../texts';
import { ZPassword, ZRegisterForm } from './auth';

describe('the password rule', () => {
  it.each(['abc123', 'A1b2c3', 'password9', '123abc'])('accepts %s', (p) => {
    expect(ZPassword.safeParse(p).success).toBe(true);
  });

  it.each(['ab12', 'abcdef', '123456', 'abc 123', 'abc-123', 'পাসওয়ার্ড1', ''])(
    'refuses %j',
    (p) => {
      const r = ZPassword.safeParse(p);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MSG.password);
    },
  );
});

describe('the register form', () => {
  const valid = {
    name: 'Rahim',
    photoURL: 'https://example.com/p.png',
    email: 'rahim@example.com',
    password: 'abc123',
    matchPass: 'abc123',
  };

  it('accepts a complete form', () => {
    expect(ZRegisterForm.safeParse(valid).success).toBe(true);
  });

  it("says 'Both passord did not matched!' when the passwords differ", () => {
    const r = ZRegisterForm.safeParse({ ...valid, matchPass: 'abc124' });
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['matchPass'], message: MSG.passwordMismatch }),
    ]);
  });

  it('gives the specification messages for missing name, photo and a bad e-mail', () => {
    const r = ZRegisterForm.safeParse({ ...valid, name: ' ', photoURL: '', email: 'x@y' });
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(byField).toEqual({
      name: MSG.nameRequired,
      photoURL: MSG.photoRequired,
      email: MSG.invalidEmail,
    });
  });
});
