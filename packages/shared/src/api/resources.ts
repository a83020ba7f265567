import { cart } from './cart';
import type { Endpoint } from './contract';
import { donations } from './donations';
import { downloads } from './downloads';
import { funds } from './funds';
import { health } from './health';
import { language } from './language';
import { messages } from './messages';
import { organisers } from './organisers';
import { overview } from './overview';
import { payments } from './payments';
import { payouts } from './payouts';
import { privacy } from './privacy';
import { receipts } from './receipts';
import { recurring } from './recurring';
import { reports } from './reports';
import { session } from './session';
import { sms } from './sms';
import { spending } from './spending';
import { supporters } from './supporters';
import { updates } from './updates';
import { uploads } from './uploads';
import { users } from './users';
import { verifications } from './verifications';
import { withdrawals } from './withdrawals';
import { zakat } from './zakat';

/**
 * Every resource's contracts, for what must cover all endpoints (the server's
 * registration check, the authorization matrix test). Clients import one resource's
 * file instead, so a page loads only the schemas it uses.
 */
export const resources = {
  cart,
  donations,
  downloads,
  funds,
  health,
  language,
  messages,
  organisers,
  overview,
  payments,
  payouts,
  privacy,
  receipts,
  recurring,
  reports,
  session,
  sms,
  spending,
  supporters,
  updates,
  uploads,
  users,
  verifications,
  withdrawals,
  zakat,
} as const;

/** Every endpoint, named `resource.name` (e.g. `funds.decide`). */
export function allEndpoints(): { name: string; endpoint: Endpoint }[] {
  return Object.entries(resources).flatMap(([resource, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
      name: `${resource}.${name}`,
      endpoint,
    })),
  );
}
