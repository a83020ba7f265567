import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { smsDays } from '../../db/schema';

/**
 * SMS, the way most donors in Bangladesh are reached (decision 016).
 *
 * The interface is one call: `sms.send({ to, text, purpose })`. `to` is a number in E.164
 * (`+8801XXXXXXXXX`); `text` is the whole message, already in the person's language and
 * ending with its way to stop where it needs one; `purpose` says whether the person may
 * have stopped it (`code` never is: a sign-in code is what they asked for). A message
 * that would pass the day's cost ceiling, or one to a number that sent STOP, is not
 * sent: `send` answers `{ sent: false, reason }` and never throws for those. A provider
 * failure throws (a job retries it).
 */
export interface Sms {
  to: string;
  text: string;
  purpose: SmsPurpose;
  /** A stable id (a job's): the provider's client message id, the outbox's file name. */
  key?: string;
}

export type SmsPurpose = 'code' | 'receipt' | 'update' | 'decision' | 'reminder';

export type SmsResult =
  { sent: true; segments: number } | { sent: false; reason: 'ceiling' | 'stopped' };

export interface SmsService {
  send(sms: Sms): Promise<SmsResult>;
}

/** A provider's one job: hand a message to the network. */
export interface SmsProvider {
  deliver(message: { to: string; text: string; id: string }): Promise<void>;
}

/** Characters of the GSM 03.38 alphabet (one septet each) and its extension (two). */
const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/**
 * How many SMS segments a text takes: GSM-7 (English) is 160 characters in one segment,
 * 153 a segment when split; anything else (Bangla) goes as UCS-2, 70 characters in one
 * segment, 67 a segment when split (UTF-16 code units: what the network counts).
 */
export function smsSegments(text: string): {
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
  units: number;
} {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM7.includes(ch)) septets += 1;
    else if (GSM7_EXTENDED.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm)
    return {
      encoding: 'GSM-7',
      units: septets,
      segments: septets <= 160 ? 1 : Math.ceil(septets / 153),
    };
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** Today in UTC, the cost counter's day. */
const today = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * Adds a message to the day's counter unless its cost would pass the ceiling, in one
 * statement (every process shares the row): whether it may go out.
 */
export async function chargeSms(
  db: Db,
  segments: number,
  costPerSegment: number,
  ceilingPoisha: number,
  now = new Date(),
): Promise<boolean> {
  const cost = segments * costPerSegment;
  const day = today(now);
  const rows = await db.execute(sql`
    insert into ${smsDays} (day, messages, segments, cost_poisha)
    select ${day}, 1, ${segments}::int, ${cost}::int where ${cost}::int <= ${ceilingPoisha}::int
    on conflict (day) do update set
      messages = ${smsDays.messages} + 1,
      segments = ${smsDays.segments} + excluded.segments,
      cost_poisha = ${smsDays.costPoisha} + excluded.cost_poisha
    where ${smsDays.costPoisha} + excluded.cost_poisha <= ${ceilingPoisha}::int
    returning day`);
  const allowed = rowsOf(rows).length > 0;
  if (!allowed) {
    await db.execute(sql`
      insert into ${smsDays} (day, refused) values (${day}, 1)
      on conflict (day) do update set refused = ${smsDays.refused} + 1`);
  }
  return allowed;
}

/** The day's counter, for the admin overview and tests. */
export async function smsDay(db: Db, now = new Date()) {
  const [row] = rowsOf(
    await db.execute(
      sql`select messages, segments, cost_poisha, refused from ${smsDays} where day = ${today(now)}`,
    ),
  );
  return {
    messages: Number(row?.messages ?? 0),
    segments: Number(row?.segments ?? 0),
    costPoisha: Number(row?.cost_poisha ?? 0),
    refused: Number(row?.refused ?? 0),
  };
}

export interface SmsServiceDeps {
  db: Db;
  provider: SmsProvider;
  costPerSegmentPoisha: number;
  ceilingPoisha: number;
  /** The ceiling an admin set (poisha), read at each message; absent: `ceilingPoisha`. */
  ceiling?: () => Promise<number>;
  /** Whether a number sent STOP (codes go out regardless). */
  stopped: (to: string) => Promise<boolean>;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

/** A number in logs: never whole (personal data), never with a code. */
const logged = (to: string) => `${to.slice(0, 6)}…${to.slice(-2)}`;

export function createSmsService(deps: SmsServiceDeps): SmsService {
  return {
    async send({ to, text, purpose, key }) {
      if (purpose !== 'code' && (await deps.stopped(to))) return { sent: false, reason: 'stopped' };
      const { segments, encoding } = smsSegments(text);
      const ceilingPoisha = deps.ceiling ? await deps.ceiling() : deps.ceilingPoisha;
      if (!(await chargeSms(deps.db, segments, deps.costPerSegmentPoisha, ceilingPoisha))) {
        deps.log.warn(
          { to: logged(to), purpose },
          'SMS not sent: the day’s cost ceiling is reached',
        );
        return { sent: false, reason: 'ceiling' };
      }
      // SSL Wireless takes a client message id of at most 20 characters, unique per message.
      const id = (key ?? randomBytes(10).toString('hex')).replace(/[^A-Za-z0-9]/g, '').slice(-20);
      await deps.provider.deliver({ to, text, id });
      deps.log.info({ to: logged(to), purpose, segments, encoding }, 'SMS sent');
      return { sent: true, segments };
    },
  };
}

/**
 * SSL Wireless "ISMS" (API v3, sms.sslwireless.com / smsplus.sslwireless.com): one
 * message per `POST /api/v3/send-sms` with the account's API token and SID, the number
 * without its `+`, the text and a client message id (`csms_id`). It answers JSON with
 * `status_code` 200 and `status` "SUCCESS" when the message was taken.
 */
export function sslWirelessProvider(opts: {
  apiUrl: string;
  apiToken: string;
  sid: string;
  timeoutMs?: number;
}): SmsProvider {
  const url = `${opts.apiUrl.replace(/\/$/, '')}/api/v3/send-sms`;
  return {
    async deliver({ to, text, id }) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          api_token: opts.apiToken,
          sid: opts.sid,
          msisdn: to.replace(/^\+/, ''),
          sms: text,
          csms_id: id,
        }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      const body = (await res.json().catch(() => null)) as {
        status?: string;
        status_code?: number;
        error_message?: string;
      } | null;
      if (!res.ok || body?.status_code !== 200 || body.status !== 'SUCCESS') {
        throw new Error(
          `SSL Wireless refused the SMS: ${res.status} ${body?.status_code ?? ''} ${body?.error_message ?? ''}`.trim(),
        );
      }
    },
  };
}

/** The demo's SMS outbox: one text file a message under `$DATA_DIR/outbox/sms`. */
export function outboxProvider(dir: string): SmsProvider {
  return {
    async deliver({ to, text, id }) {
      await mkdir(dir, { recursive: true });
      const { segments, encoding, units } = smsSegments(text);
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${to.replace(/^\+/, '')}-${id}.txt`,
      );
      await writeFile(
        file,
        `To: ${to}\nSegments: ${segments} (${encoding}, ${units} characters)\n\n${text}\n`,
        { mode: 0o600 },
      );
    },
  };
}

/** The last messages the outbox holds for a number, newest first (the demo's test page). */
export async function outboxMessages(
  dir: string,
  to: string,
  limit = 5,
): Promise<{ at: string; text: string }[]> {
  const digits = to.replace(/^\+/, '');
  let files: string[];
  try {
    files = await readdir(dir);
  } catch {
    return [];
  }
  const mine = files
    .filter((f) => f.includes(`-${digits}-`) && f.endsWith('.txt'))
    .sort()
    .reverse()
    .slice(0, limit);
  return Promise.all(
    mine.map(async (f) => {
      const content = await readFile(path.join(dir, f), 'utf8');
      const text = content.slice(content.indexOf('\n\n') + 2).replace(/\n$/, '');
      const stamp = f.slice(0, 24);
      const at = `${stamp.slice(0, 10)}T${stamp.slice(11, 13)}:${stamp.slice(14, 16)}:${stamp.slice(17, 19)}.${stamp.slice(20, 23)}Z`;
      return { at, text };
    }),
  );
}
