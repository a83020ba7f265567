import { describe, expect, it } from 'vitest';
import { MSG } from '../texts';
import { ZPhoneCode } from '../phone';
import { TOTP_CODE_MESSAGE, ZBackupCode, ZPassword, ZRegisterForm, ZTotpCode } from './session';

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

describe('the codes of two-factor and phone sign-in', () => {
  it.each([
    ['০১২৩৪৫', '012345'],
    [' ৯৮৭৬৫৪ ', '987654'],
    ['12৩4৫6', '123456'],
    ['123456', '123456'],
  ])('reads %j as %j', (typed, sent) => {
    expect(ZTotpCode.parse(typed)).toBe(sent);
    expect(ZPhoneCode.parse(typed)).toBe(sent);
  });

  it.each(['০১২৩৪', '১২৩৪৫৬৭', 'abcdef', ''])('refuses %j', (typed) => {
    const r = ZTotpCode.safeParse(typed);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(TOTP_CODE_MESSAGE);
    expect(ZPhoneCode.safeParse(typed).success).toBe(false);
  });

  it('reads the digits of a backup code typed in Bangla as ASCII', () => {
    expect(ZBackupCode.parse('ab১২-cd৩৪')).toBe('ab12-cd34');
  });
});
