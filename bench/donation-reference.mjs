// The reference for the donation benchmark: the card donation in its minimal form, in a
// process of its own. Raw node:http and pg, the same three HTTP round trips as the app's
// card donation (create the intent → confirm the card at the test processor → our
// confirmation, which re-reads the intent), each one prepared statement; the recording is
// one statement, so one transaction: the payment, the fund's totals, the day's ledger row
// and the year's receipt number. Each receipt is drawn by the project's own
// `renderReceipt` (the compiled server's printer-thread.mjs) on one worker thread, and
// mailed to an outbox folder as the app's outbox mailer writes it (the PDF beside a
// `mail-receipt_<payment>.txt`). A receipt not yet mailed is found again after a restart
// (`mailed_at is null`): the queue is the payments table itself.
//
// Signed-in donors as the app's donors are: POST /api/auth/sign-up/email and
// /api/auth/sign-in/email give a session cookie; a session, once read, is kept in memory.
//
// Environment: DATABASE_URL (a database of its own: its tables are created here), DATA_DIR
// (the outbox is DATA_DIR/outbox), PRINTER (the printer-thread.mjs to use; default the
// compiled server's). Prints `listening on PORT`. `--seed-fund <id>` creates an approved
// fund with that id.
import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = process.env.DATA_DIR ?? path.join(root, 'data', 'reference');
const OUTBOX = path.join(DATA_DIR, 'outbox');
const PRINTER = process.env.PRINTER ?? path.join(root, 'apps/server/dist/printer-thread.mjs');
const ORG = { name: 'Easy Fund', address: 'House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh' };

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const SCHEMA = `
create table if not exists ref_users (
  id text primary key, name text not null, email text not null unique, password text not null);
create table if not exists ref_sessions (
  token text primary key, user_id text not null references ref_users(id));
create table if not exists ref_funds (
  id text primary key, name text not null, status text not null,
  raised_poisha bigint not null default 0, donation_count integer not null default 0,
  check (raised_poisha >= 0));
create table if not exists ref_intents (
  id text primary key, client_secret text not null, amount bigint not null,
  currency text not null, status text not null, payment_id uuid not null, card_last4 text);
create table if not exists ref_payments (
  id uuid primary key, user_id text not null references ref_users(id),
  fund_id text not null references ref_funds(id), intent_id text not null unique,
  amount_poisha bigint not null check (amount_poisha > 0), status text not null,
  succeeded_at timestamptz, receipt_number text unique, mailed_at timestamptz,
  created_at timestamptz not null default now());
create index if not exists ref_payments_unmailed on ref_payments (succeeded_at)
  where status = 'succeeded' and mailed_at is null;
create table if not exists ref_receipt_counters (year integer primary key, last integer not null);
create table if not exists ref_donation_days (
  day date primary key, donations integer not null, amount_poisha bigint not null);
`;

/** Step 1: the fund must take donations; the intent and the pending payment, or neither. */
const CREATE_INTENT = {
  name: 'ref_create_intent',
  text: `with f as (select id from ref_funds where id = $1 and status = 'approved'),
    i as (insert into ref_intents (id, client_secret, amount, currency, status, payment_id)
          select $2, $3, $4, 'bdt', 'requires_payment_method', $5 from f returning id)
    insert into ref_payments (id, user_id, fund_id, intent_id, amount_poisha, status)
    select $5, $6, f.id, i.id, $4, 'pending' from f, i returning id`,
};

/** Step 2: the card at the processor; only an open intent, with its secret, succeeds. */
const CONFIRM_CARD = {
  name: 'ref_confirm_card',
  text: `update ref_intents set status = 'succeeded', card_last4 = $3
    where id = $1 and client_secret = $2 and status = 'requires_payment_method'
    returning id, status, amount, currency`,
};

/**
 * Step 3: the donor's own pending payment whose intent succeeded with the same amount is
 * recorded: its status and receipt number, the fund's totals and the day's ledger row, in
 * one statement (one transaction). Of two confirmations at once, the second finds the
 * payment no longer pending (the row lock, then the re-check) and records nothing.
 */
const RECORD = {
  name: 'ref_record',
  text: `with ok as (
      select p.id, p.fund_id, p.amount_poisha from ref_payments p
      join ref_intents i on i.id = p.intent_id
      where p.intent_id = $1 and p.user_id = $2 and p.status = 'pending'
        and i.status = 'succeeded' and i.amount = p.amount_poisha
      for update of p),
    n as (insert into ref_receipt_counters (year, last)
          select extract(year from now() at time zone 'Asia/Dhaka')::int, 1 from ok
          on conflict (year) do update set last = ref_receipt_counters.last + 1
          returning year, last),
    paid as (update ref_payments p set status = 'succeeded', succeeded_at = now(),
               receipt_number = 'EF-T-' || n.year || '-' || lpad(n.last::text, 6, '0')
             from ok, n where p.id = ok.id
             returning p.id, p.fund_id, p.amount_poisha, p.status, p.receipt_number),
    f as (update ref_funds set raised_poisha = raised_poisha + paid.amount_poisha,
            donation_count = donation_count + 1 from paid where ref_funds.id = paid.fund_id),
    d as (insert into ref_donation_days (day, donations, amount_poisha)
          select (now() at time zone 'Asia/Dhaka')::date, 1, amount_poisha from paid
          on conflict (day) do update
          set donations = ref_donation_days.donations + 1,
              amount_poisha = ref_donation_days.amount_poisha + excluded.amount_poisha)
    select id, status, amount_poisha, receipt_number from paid`,
};

/** A payment as the confirmation answers it (when this request did not record it). */
const OWN_PAYMENT = {
  name: 'ref_own_payment',
  text: `select id, status, amount_poisha, receipt_number from ref_payments
    where intent_id = $1 and user_id = $2`,
};

/** What a receipt shows, for the payments not yet mailed (oldest first). */
const RECEIPTS_DUE = {
  name: 'ref_receipts_due',
  text: `select p.id, p.receipt_number, p.amount_poisha, p.succeeded_at, p.intent_id,
      u.name as donor_name, u.email as donor_email, f.name as fund_name
    from ref_payments p join ref_users u on u.id = p.user_id join ref_funds f on f.id = p.fund_id
    where p.status = 'succeeded' and p.mailed_at is null and p.id = any($1::uuid[])`,
};

const MAILED = {
  name: 'ref_mailed',
  text: `update ref_payments set mailed_at = now() where id = any($1::uuid[])`,
};

/* ---------- the printer: one thread drawing with renderReceipt ---------- */

const printer = new Worker(
  `const { parentPort, workerData } = require('node:worker_threads');
   import(workerData.printer).then(({ default: print }) => {
     parentPort.on('message', async ({ id, task }) => {
       try {
         const bytes = await print(task);
         // Moved, not copied; one Node 24 refuses to move (DataCloneError) is copied.
         try {
           parentPort.postMessage({ id, bytes }, [bytes.buffer]);
         } catch {
           parentPort.postMessage({ id, bytes });
         }
       } catch (err) {
         parentPort.postMessage({ id, error: String(err) });
       }
     });
   });`,
  { eval: true, workerData: { printer: pathToFileURL(PRINTER).href } },
);
printer.unref();
const printing = new Map();
let printId = 0;
printer.on('message', ({ id, bytes, error }) => {
  const waiting = printing.get(id);
  printing.delete(id);
  if (error) waiting.reject(new Error(error));
  else waiting.resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
});
const print = (task) =>
  new Promise((resolve, reject) => {
    const id = ++printId;
    printing.set(id, { resolve, reject });
    printer.postMessage({ id, task });
  });

/* ---------- the receipt mailer: the payments not yet mailed, in batches ---------- */

const due = new Set();
let mailing = false;

async function mailReceipt(r) {
  const pdf = await print({
    kind: 'receipt',
    org: ORG,
    lang: 'en',
    data: {
      receiptNumber: r.receipt_number,
      donorName: r.donor_name,
      donorEmail: r.donor_email,
      fundName: r.fund_name,
      amountPoisha: Number(r.amount_poisha),
      succeededAt: r.succeeded_at,
      paymentMethod: 'Card',
      transactionId: r.intent_id,
      refunded: false,
      refundedPoisha: 0,
      refunds: [],
      zakat: false,
      testMode: true,
    },
  });
  const base = `mail-receipt_${r.id}`;
  await mkdir(path.join(OUTBOX, base), { recursive: true });
  const file = `${r.receipt_number}.pdf`;
  await writeFile(path.join(OUTBOX, base, file), pdf, { mode: 0o600 });
  const amount = `Tk ${(Number(r.amount_poisha) / 100).toLocaleString('en-US')}`;
  await writeFile(
    path.join(OUTBOX, `${base}.txt`),
    `From: ${ORG.name} <receipts@easyfund.example>\nTo: ${r.donor_email}\n` +
      `Subject: Your donation receipt ${r.receipt_number}\n` +
      `Attachment: ${base}/${file} (application/pdf, ${pdf.length} bytes)\n\n` +
      `Dear ${r.donor_name},\n\nThank you for your donation of ${amount} to ${r.fund_name}. ` +
      `Your receipt ${r.receipt_number} is attached.\n\n${ORG.name}\n`,
    { mode: 0o600 },
  );
}

async function mailDue() {
  if (mailing) return;
  mailing = true;
  try {
    while (due.size) {
      const ids = [...due].slice(0, 20);
      const { rows } = await pool.query({ ...RECEIPTS_DUE, values: [ids] });
      // Drawn one after the other on the one thread; the next is sent while one is written.
      await Promise.all(rows.map(mailReceipt));
      await pool.query({ ...MAILED, values: [rows.map((r) => r.id)] });
      for (const id of ids) due.delete(id);
    }
  } catch (err) {
    console.error('receipt mail failed (retried with the next donation):', err);
  } finally {
    mailing = false;
  }
}

/* ---------- HTTP ---------- */

const sessions = new Map();

async function userOf(req) {
  const token = /(?:^|;\s*)ref_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (!token) return null;
  let userId = sessions.get(token);
  if (userId === undefined) {
    const { rows } = await pool.query('select user_id from ref_sessions where token = $1', [token]);
    userId = rows[0]?.user_id ?? null;
    if (userId) sessions.set(token, userId);
  }
  return userId;
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > 16 * 1024) reject(new Error('too large'));
      else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
      } catch {
        resolve(null);
      }
    });
    req.on('error', reject);
  });
}

function send(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

const token = (bytes) => randomBytes(bytes).toString('hex');
const hash = (password, salt) => scryptSync(password, salt, 32).toString('hex');

/** A card the processor takes: 16 digits passing Luhn's check, not the declined test card. */
function cardProblem(card) {
  const number = String(card?.number ?? '');
  if (!/^\d{16}$/.test(number)) return 'Your card number is invalid.';
  let sum = 0;
  for (let i = 0; i < 16; i++) {
    let d = Number(number[15 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  if (sum % 10 !== 0) return 'Your card number is invalid.';
  const now = new Date();
  const month = Number(card.expMonth);
  const year = Number(card.expYear);
  if (
    !(month >= 1 && month <= 12) ||
    year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1
  )
    return 'Your card has expired.';
  if (!/^\d{3,4}$/.test(String(card.cvc ?? ''))) return "Your card's security code is invalid.";
  if (number === '4000000000000002') return 'Your card was declined.';
  return null;
}

const routes = {
  async 'POST /api/auth/sign-up/email'(req, res, body) {
    if (typeof body?.email !== 'string' || typeof body.password !== 'string')
      return send(res, 400, { message: 'email and password are required' });
    const salt = token(8);
    await pool.query(
      'insert into ref_users (id, name, email, password) values ($1, $2, $3, $4) on conflict (email) do nothing',
      [
        randomUUID(),
        String(body.name ?? 'Donor'),
        body.email,
        `${salt}:${hash(body.password, salt)}`,
      ],
    );
    send(res, 200, { ok: true });
  },
  async 'POST /api/auth/sign-in/email'(req, res, body) {
    const { rows } = await pool.query('select id, password from ref_users where email = $1', [
      String(body?.email ?? ''),
    ]);
    const [salt, stored] = (rows[0]?.password ?? ':').split(':');
    const given = Buffer.from(hash(String(body?.password ?? ''), salt));
    if (!rows[0] || !timingSafeEqual(given, Buffer.from(stored.padEnd(given.length))))
      return send(res, 401, { message: 'Invalid email or password' });
    const session = token(24);
    await pool.query('insert into ref_sessions (token, user_id) values ($1, $2)', [
      session,
      rows[0].id,
    ]);
    sessions.set(session, rows[0].id);
    send(res, 200, { ok: true }, { 'set-cookie': `ref_session=${session}; HttpOnly; Path=/` });
  },
  async 'POST /api/payments/intents'(req, res, body, userId) {
    if (!userId) return send(res, 401, { message: 'Please sign in' });
    const amountTk = body?.amountTk;
    if (!Number.isInteger(amountTk) || amountTk < 10 || amountTk > 1_000_000)
      return send(res, 400, {
        message: 'Invalid amount',
        fields: { amountTk: 'Tk 10 to 1,000,000' },
      });
    if (typeof body.fundId !== 'string') return send(res, 400, { message: 'Invalid fund' });
    const paymentId = randomUUID();
    const intentId = `pi_ref_${token(12)}`;
    const clientSecret = `${intentId}_secret_${token(16)}`;
    const amountPoisha = amountTk * 100;
    const { rows } = await pool.query({
      ...CREATE_INTENT,
      values: [body.fundId, intentId, clientSecret, amountPoisha, paymentId, userId],
    });
    if (!rows.length) return send(res, 404, { message: 'Fund not found' });
    send(res, 201, { paymentId, provider: 'test', intentId, clientSecret, amountPoisha });
  },
  async 'POST /api/test-processor/payment_intents/:id/confirm'(req, res, body, _user, intentId) {
    const problem = cardProblem(body?.card);
    if (problem) return send(res, 402, { message: problem });
    const { rows } = await pool.query({
      ...CONFIRM_CARD,
      values: [intentId, String(body.clientSecret ?? ''), String(body.card.number).slice(-4)],
    });
    if (!rows.length) return send(res, 404, { message: 'Payment intent not found or not open' });
    const [i] = rows;
    send(res, 200, {
      id: i.id,
      status: i.status,
      amount: Number(i.amount),
      currency: i.currency,
      lastError: null,
    });
  },
  async 'POST /api/payments/confirm'(req, res, body, userId) {
    if (!userId) return send(res, 401, { message: 'Please sign in' });
    if (typeof body?.intentId !== 'string') return send(res, 400, { message: 'Invalid intent' });
    const values = [body.intentId, userId];
    let { rows } = await pool.query({ ...RECORD, values });
    if (rows.length) {
      due.add(rows[0].id);
      setImmediate(mailDue);
    } else {
      ({ rows } = await pool.query({ ...OWN_PAYMENT, values }));
      if (!rows.length) return send(res, 404, { message: 'Payment not found' });
    }
    const [p] = rows;
    send(res, 200, {
      status:
        p.status === 'succeeded' ? 'succeeded' : p.status === 'pending' ? 'pending' : 'failed',
      payment: {
        id: p.id,
        status: p.status,
        amountPoisha: Number(p.amount_poisha),
        receiptNumber: p.receipt_number,
      },
    });
  },
};

const server = http.createServer(async (req, res) => {
  try {
    const url = req.url ?? '/';
    const processor = /^\/api\/test-processor\/payment_intents\/([\w-]+)\/confirm$/.exec(url);
    const key = `${req.method} ${processor ? '/api/test-processor/payment_intents/:id/confirm' : url}`;
    const handler = routes[key];
    if (!handler) return send(res, 404, { message: 'Not found' });
    const body = await readJson(req);
    if (body === null) return send(res, 400, { message: 'Invalid JSON' });
    await handler(req, res, body, await userOf(req), processor?.[1]);
  } catch (err) {
    console.error(err);
    if (!res.headersSent) send(res, 500, { message: 'Internal error' });
  }
});
server.keepAliveTimeout = 72_000;

await pool.query(SCHEMA);
const seed = process.argv.indexOf('--seed-fund');
if (seed > 0) {
  await pool.query(
    `insert into ref_funds (id, name, status) values ($1, 'Bench: flood relief', 'approved')
     on conflict (id) do nothing`,
    [process.argv[seed + 1]],
  );
}
// Receipts a previous run left unmailed are mailed now.
const { rows: left } = await pool.query(
  `select id from ref_payments where status = 'succeeded' and mailed_at is null`,
);
for (const { id } of left) due.add(id);
if (due.size) setImmediate(mailDue);

server.listen(0, '127.0.0.1', () => {
  console.log(`listening on ${server.address().port}`);
});
process.on('SIGTERM', () => {
  server.close(() => {
    void pool.end().then(() => process.exit(0));
  });
  server.closeIdleConnections();
});
