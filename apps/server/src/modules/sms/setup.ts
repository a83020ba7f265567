import path from 'node:path';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { smsCeilingChanges, user } from '../../db/schema';
import { createSmsService, outboxProvider, type SmsService, sslWirelessProvider } from './service';

/** Where the demo's SMS go (beside the mail outbox). */
export const smsOutboxDir = (config: Config) => path.join(config.dataDir, 'outbox', 'sms');

/** The configured SMS service: SSL Wireless when its token and SID are set, else the outbox. */
export function createSms(
  config: Config,
  db: Db,
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void },
): SmsService {
  const provider =
    config.smsProvider === 'sslwireless'
      ? sslWirelessProvider({
          apiUrl: config.SSLWIRELESS_API_URL,
          apiToken: config.SSLWIRELESS_API_TOKEN!,
          sid: config.SSLWIRELESS_SID!,
        })
      : outboxProvider(smsOutboxDir(config));
  return createSmsService({
    db,
    provider,
    costPerSegmentPoisha: config.SMS_SEGMENT_COST_POISHA,
    ceilingPoisha: config.SMS_DAILY_CEILING_TK * 100,
    // An admin's ceiling (the latest change) wins over the setting's.
    async ceiling() {
      const [row] = await db
        .select({ ceilingTk: smsCeilingChanges.ceilingTk })
        .from(smsCeilingChanges)
        .orderBy(desc(smsCeilingChanges.createdAt), desc(smsCeilingChanges.id))
        .limit(1);
      return (row?.ceilingTk ?? config.SMS_DAILY_CEILING_TK) * 100;
    },
    async stopped(to) {
      const [row] = await db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.phoneNumber, to), isNotNull(user.smsStoppedAt)))
        .limit(1);
      return Boolean(row);
    },
    log,
  });
}
