import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A message as the stand-in received it (the fields of ISMS API v3's send-sms). */
export interface StandInSms {
  msisdn: string;
  sms: string;
  csms_id: string;
  sid: string;
}

export const STAND_IN_SMS_ACCOUNT = {
  apiToken: 'standin-isms-token',
  sid: 'EASYFUNDSTANDIN',
} as const;

export interface SmsStandIn {
  url: string;
  /** The settings that send the app's SMS here. */
  env: Record<string, string>;
  sent: StandInSms[];
  /** The next answers fail (the gateway down). */
  failNext(n: number): void;
  close(): Promise<void>;
}

/**
 * A stand-in for SSL Wireless's ISMS API v3 (`POST /api/v3/send-sms`), written from its
 * documentation and SSL Wireless's own client: JSON with `api_token`, `sid`, `msisdn`
 * (880…, 13 digits), `sms` and `csms_id` (unique, at most 20 characters); it answers
 * `status: "SUCCESS"`, `status_code: 200` and an `smsinfo` entry per message, or
 * `status: "FAILED"` with `error_message`. It records what it would have sent.
 */
export async function startSmsStandIn(): Promise<SmsStandIn> {
  const sent: StandInSms[] = [];
  const seenIds = new Set<string>();
  let failing = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const failed = (message: string) =>
        answer(200, { status: 'FAILED', status_code: 4001, error_message: message });
      if (req.method !== 'POST' || req.url !== '/api/v3/send-sms') return answer(404, {});
      if (!/application\/json/.test(req.headers['content-type'] ?? ''))
        return failed('content-type must be application/json');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return failed('invalid JSON');
      }
      if (failing > 0) {
        failing -= 1;
        return answer(500, { status: 'FAILED', status_code: 5000, error_message: 'unavailable' });
      }
      if (body.api_token !== STAND_IN_SMS_ACCOUNT.apiToken) return failed('Invalid api token');
      if (body.sid !== STAND_IN_SMS_ACCOUNT.sid) return failed('Invalid sid');
      const { msisdn, sms, csms_id: csmsId } = body;
      if (typeof msisdn !== 'string' || !/^8801[3-9]\d{8}$/.test(msisdn))
        return failed('Invalid msisdn');
      if (typeof sms !== 'string' || !sms) return failed('sms is required');
      if (typeof csmsId !== 'string' || !csmsId || csmsId.length > 20)
        return failed('csms_id is required, at most 20 characters');
      if (seenIds.has(csmsId)) return failed('Duplicate csms_id');
      seenIds.add(csmsId);
      sent.push({ msisdn, sms, csms_id: csmsId, sid: body.sid });
      answer(200, {
        status: 'SUCCESS',
        status_code: 200,
        error_message: '',
        smsinfo: [
          {
            sms_status: 'SUCCESS',
            status_message: 'Success',
            msisdn,
            sms_type: /^[\x20-\x7e\n]*$/.test(sms) ? 'EN' : 'BN',
            sms_body: sms,
            csms_id: csmsId,
            reference_id: `${Date.now()}${sent.length}`,
          },
        ],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    env: {
      SSLWIRELESS_API_URL: url,
      SSLWIRELESS_API_TOKEN: STAND_IN_SMS_ACCOUNT.apiToken,
      SSLWIRELESS_SID: STAND_IN_SMS_ACCOUNT.sid,
    },
    sent,
    failNext(n) {
      failing = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The SMS stand-in of a test file, started before its tests and closed after them (after
 * the app that sends to it): `useTestApp(users, { env: () => standIn.env })`.
 */
export function useSmsStandIn(): SmsStandIn {
  const standIn = {} as SmsStandIn;
  beforeAll(async () => {
    Object.assign(standIn, await startSmsStandIn());
  });
  afterAll(() => standIn.close?.());
  return standIn;
}
