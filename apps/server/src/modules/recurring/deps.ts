import type { FastifyInstance } from 'fastify';
import type { recurringGifts } from '../../db/schema';
import type { PaymentDeps } from '../payments/service';
import type { SmsService } from '../sms/service';

export interface RecurringDeps extends PaymentDeps {
  publicUrl: string;
  /** Signs the manage links. */
  secret: string;
  /** Reminders of wallet gifts by SMS (absent: by e-mail only). */
  sms?: SmsService;
}

export type GiftRow = typeof recurringGifts.$inferSelect;

/** What the monthly gifts' services need, from the server. */
export function recurringDeps(app: FastifyInstance): RecurringDeps {
  return {
    db: app.database.db,
    provider: app.payments,
    checkout: app.checkout,
    publicUrl: app.config.publicUrl,
    secret: app.config.authSecret,
    log: app.log,
    mailQueue: app.mailQueue,
    jobs: app.jobs,
    sms: app.sms,
  };
}
