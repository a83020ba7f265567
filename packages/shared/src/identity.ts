/** Error codes (and their messages) the identity rules answer with; the web app reacts to them. */
export const IDENTITY_ERRORS = {
  emailNotVerified: {
    code: 'email_not_verified',
    message:
      'Verify your e-mail address first: open the link we sent you, or ask for a new verification e-mail.',
  },
  twoFactorRequired: {
    code: 'two_factor_required',
    message: 'Admin pages need two-factor sign-in: turn it on under Two-factor sign-in first.',
  },
  /** It is on, but this session never gave a code (a trusted device, another provider). */
  secondFactorNotGiven: {
    code: 'two_factor_required',
    message:
      'This sign-in did not give the code from your authenticator app: sign in again with your password and the code.',
  },
  invalidOrigin: { code: 'invalid_origin' },
} as const;

/** Where the web app lets a person turn on two-factor sign-in. */
export const TWO_FACTOR_PAGE = '/dashboard/two-factor';

/** The page an e-mailed verification link opens. */
export const VERIFY_EMAIL_PAGE = '/verify-email';
