import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { sentMails, user } from '../src/db/schema';
import { createFund } from '../src/seed/factories';
import { createPostgresDatabase } from './helper';
import { donate, signUpHttp } from './support/http-client';
import { type ServerProcess, startServer } from './support/server-process';

const base = process.env.TEST_DATABASE_URL;
if (!base) {
  console.warn(
    'jobs-processes.test.ts skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run the job queue across real processes.',
  );
}

/** Fast queue timings: a job held by a dead process is handed on after a few seconds. */
const QUEUE_ENV = {
  JOBS_POLL_SECONDS: '0.5',
  JOBS_TIMEOUT_SECONDS: '4',
  JOBS_MAINTENANCE_SECONDS: '1',
  JOBS_RETRY_DELAY_SECONDS: '1',
  PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
};

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(!base)('the job queue across real processes (PostgreSQL)', () => {
  let drop: () => Promise<void>;
  let url: string;
  let database: Database;
  let fundId: string;
  /** A mail server that accepts connections and never answers: a send hangs. */
  let hung: net.Server;
  let hungPort: number;
  const sockets: net.Socket[] = [];
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openDatabase({ url: created.url, poolSize: 2 });
    await database.db
      .insert(user)
      .values({ id: 'raiser-j', name: 'Raiser', email: 'raiser-j@example.com', role: 'verified' });
    fundId = (await createFund(database.db, { raiserId: 'raiser-j', name: 'Queue fund' })).id;
    hung = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', r));
    hungPort = (hung.address() as net.AddressInfo).port;
    url = created.url;
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => (s.exited() ? undefined : s.stop())));
    for (const s of sockets) s.destroy();
    hung?.close();
    await database?.close();
    await drop?.();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('a process killed while sending a receipt leaves it to another; the mail is sent once', async () => {
    const a = await startServer({
      name: 'jobs-a',
      env: { ...QUEUE_ENV, DATABASE_URL: url, SMTP_URL: `smtp://127.0.0.1:${hungPort}` },
    });
    servers.push(a);
    const cookie = await signUpHttp(a.url, 'queue-donor@example.com');
    const { intent, status } = await donate(a.url, cookie, fundId, 700);
    expect(status).toBe('succeeded');
    const key = `receipt:${intent.paymentId}`;

    // A holds the job: it is active and its SMTP connection hangs.
    await until('process A to hold the receipt job', async () => {
      const { rows } = await database.executeSql(
        `select state from pgboss.job where name = 'receipt-mail' and id = $1`,
        [intent.paymentId],
      );
      return rows[0]?.state === 'active' && sockets.length > 0 ? true : undefined;
    });
    await a.kill();

    // Two fresh processes share the work; each has an outbox of its own.
    const outboxes = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'easyfund-jobs-')));
    dirs.push(...outboxes);
    const [b, c] = await Promise.all(
      outboxes.map((dir, i) =>
        startServer({
          name: `jobs-${'bc'[i]}`,
          env: { ...QUEUE_ENV, DATABASE_URL: url, DATA_DIR: dir },
        }),
      ),
    );
    servers.push(b!, c!);

    // The mail is recorded as sent before the queue marks its job done (the handler
    // returns, then pg-boss completes it): wait for both.
    const job = await until('the receipt to be sent by another process', async () => {
      const sent = await database.db.select().from(sentMails).where(eq(sentMails.key, key));
      const { rows } = await database.executeSql(
        `select state, retry_count from pgboss.job where name = 'receipt-mail' and id = $1`,
        [intent.paymentId],
      );
      return sent.length === 1 && rows[0]?.state === 'completed' ? rows[0] : undefined;
    });
    expect(Number(job.retry_count)).toBeGreaterThanOrEqual(1);

    // Give a duplicate every chance to appear, then count the mails.
    await new Promise((r) => setTimeout(r, 3_000));
    // The process that did not send never created its outbox.
    const mails = outboxes.flatMap((dir) =>
      (existsSync(path.join(dir, 'outbox'))
        ? readdirSync(path.join(dir, 'outbox'), { withFileTypes: true })
        : []
      )
        .filter((f) => f.isFile() && f.name.endsWith('.txt'))
        .map((f) => readFileSync(path.join(dir, 'outbox', f.name), 'utf8')),
    );
    const receipts = mails.filter((m) => m.includes('Subject: Your donation receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain('To: queue-donor@example.com');
    expect(receipts[0]).toMatch(/Attachment: .+\.pdf \(application\/pdf, \d+ bytes\)/);
    expect(await database.db.select().from(sentMails)).toHaveLength(1);
  }, 240_000);

  it('recurring work is scheduled once for all processes', async () => {
    const { rows } = await database.executeSql(
      `select name, cron from pgboss.schedule order by name`,
    );
    expect(rows).toEqual([
      { name: 'admin-digest', cron: '0 9 * * *' },
      { name: 'housekeeping', cron: '17 * * * *' },
      { name: 'recurring-gifts', cron: '*/10 * * * *' },
    ]);
  });
});
