import { APIError } from 'better-auth/api';
import type { TAddEmailRequest } from '@easyfund/shared/schemas/session';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { Auth } from '../identity/better-auth';
import { Conflict, DomainError } from '../../lib/errors';

const NOT_FRESH = 'Please sign in again to add an e-mail address.';

/**
 * An account made from a mobile number adds an e-mail address and the password it will
 * sign in with there. The password is set with the identity layer's own `setPassword`
 * (again on a second try: such an account's only password comes from here and serves
 * nothing until the address is proved); the address with its own `changeEmail`, which
 * mails a link to the new address and changes nothing until it is opened. An address
 * that already has an account is not taken and nothing is mailed, with the same answer:
 * nobody learns whose it is, or that it has an account.
 */
export async function addEmail(
  auth: Auth,
  me: TMe,
  body: TAddEmailRequest,
  headers: Headers,
): Promise<{ sent: true }> {
  if (me.hasEmail)
    throw new Conflict(
      'Your account already has an e-mail address. Change it with the password.',
      'email_already_set',
    );
  try {
    try {
      await auth.api.setPassword({ body: { newPassword: body.password }, headers });
    } catch (err) {
      if (!(err instanceof APIError) || err.body?.code !== 'PASSWORD_ALREADY_SET') throw err;
      const context = await auth.$context;
      await context.internalAdapter.updatePassword(
        me.id,
        await context.password.hash(body.password),
      );
    }
    await auth.api.changeEmail({ body: { newEmail: body.email.toLowerCase() }, headers });
  } catch (err) {
    // A session older than a day may not change sign-in details (the identity layer's rule).
    if (err instanceof APIError && err.body?.code === 'SESSION_NOT_FRESH')
      throw new DomainError(403, 'session_not_fresh', NOT_FRESH);
    throw err;
  }
  return { sent: true };
}
