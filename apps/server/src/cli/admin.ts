/**
 * `npm run admin -- grant EMAIL` makes an existing account with a verified e-mail an
 * admin; `npm run admin -- revoke EMAIL` takes the rights away (a raiser keeps their
 * funds as `verified`). Exit code 0 on success, 1 when refused, 2 when it could not run.
 * In embedded mode stop the server first: one embedded database, one process.
 */
import { loadConfig } from '../config';
import { grantAdmin, type OperatorResult, revokeAdmin } from '../modules/users/operator';
import { runCommand, withProjectDatabase } from './command';

const USAGE = 'Usage: npm run admin -- grant EMAIL | npm run admin -- revoke EMAIL';

function describe(result: OperatorResult, action: 'grant' | 'revoke', adminEmails: string[]) {
  if (!result.ok) {
    switch (result.reason) {
      case 'not_found':
        return `No account with the e-mail ${result.email}: the person signs up first.`;
      case 'not_verified':
        return `${result.email} has not verified its e-mail address yet: the person opens the link of the verification e-mail first (or asks for a new one on the dashboard).`;
      case 'not_admin':
        return `${result.email} is not an admin: nothing to revoke.`;
    }
  }
  if (action === 'grant') {
    return result.changed
      ? `${result.email} is now an admin.`
      : `${result.email} is already an admin.`;
  }
  const note = adminEmails.includes(result.email)
    ? ' It is listed in ADMIN_EMAILS: remove it there too, or the next start makes it admin again.'
    : '';
  return `${result.email} is no longer an admin (role: ${result.role}).${note}`;
}

async function main(argv: string[]): Promise<number> {
  const [action, email, ...rest] = argv;
  if ((action !== 'grant' && action !== 'revoke') || !email || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  return withProjectDatabase(config, { poolSize: 2 }, async ({ db }) => {
    const result = action === 'grant' ? await grantAdmin(db, email) : await revokeAdmin(db, email);
    const line = describe(result, action, config.ADMIN_EMAILS);
    if (result.ok) console.log(line);
    else console.error(line);
    return result.ok ? 0 : 1;
  });
}

runCommand(main, 'The admin command could not run');
