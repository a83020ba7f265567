import type { FastifyInstance } from 'fastify';
import type { RecurringDeps } from './service';

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
