import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { uploadVariant, UPLOAD_WIDTHS } from '@easyfund/shared/images';
import { type Db, rowsOf, type Tx } from '../db/client';
import { ledgerMode, recountFundTotals } from '../modules/ledger/mode';
import type { Storage } from '../lib/storage/storage';
import { DEMO_EMAIL_DOMAIN, isDemoEmail } from './demo-presence';

/** What `npm run demo -- remove` deleted, by kind. */
export interface DemoRemoval {
  accounts: number;
  funds: number;
  payments: number;
  refunds: number;
  withdrawals: number;
  updates: number;
  applications: number;
  carts: number;
  sessions: number;
  messages: number;
  uploads: number;
  outboxMails: number;
}

/** Refused: real money belongs to the demo's accounts or funds; nothing was deleted. */
export class DemoRemovalRefused extends Error {}

/** The demo's accounts, their funds, and the payments to delete (test ones and theirs). */
const DEMO_USERS = sql`select id from "user" where lower(email) like ${`%@${DEMO_EMAIL_DOMAIN}`}`;
const DEMO_FUNDS = sql`select id from funds where raiser_id in (${DEMO_USERS})`;
const REMOVED_PAYMENTS = sql`select id from payments
  where mode = 'test' or user_id in (${DEMO_USERS}) or fund_id in (${DEMO_FUNDS})`;

async function deleted(tx: Tx, statement: SQL): Promise<number> {
  const [row] = rowsOf(
    await tx.execute(sql`with d as (${statement} returning 1) select count(*) as n from d`),
  );
  return Number(row?.n ?? 0);
}

async function counted(tx: Tx, statement: SQL): Promise<number> {
  const [row] = rowsOf(await tx.execute(sql`select count(*) as n from (${statement}) c`));
  return Number(row?.n ?? 0);
}

/**
 * Deletes the demo and every test payment in one transaction (decision 449): the demo
 * accounts (`@easyfund.test`) and all they own (funds with their updates, events and
 * subscriptions; payments, receipts, refunds; carts, applications, withdrawals, messages,
 * sessions), every test-mode payment with its refunds, the embedded processor's state,
 * and the uploads those rows used. The fund totals are then recounted from the payments
 * of the site's mode, and each year's receipt counter goes back to the last number still
 * held. After the commit: the uploads' files and the outbox mails to demo addresses.
 * Refuses, deleting nothing, when a live payment or withdrawal belongs to the demo.
 */
export async function removeDemoData(
  db: Db,
  opts: { storage: Storage; outboxDir: string },
): Promise<DemoRemoval> {
  const { removal, uploadIds } = await db.transaction(async (tx) => {
    const live =
      (await counted(
        tx,
        sql`select 1 from payments where mode = 'live'
          and (user_id in (${DEMO_USERS}) or fund_id in (${DEMO_FUNDS}))`,
      )) +
      (await counted(
        tx,
        sql`select 1 from withdrawals where mode = 'live' and fund_id in (${DEMO_FUNDS})`,
      ));
    if (live > 0) {
      throw new DemoRemovalRefused(
        `Nothing removed: ${live} live payments or withdrawals belong to demo accounts or their funds (real money is never deleted).`,
      );
    }
    const uploadRows = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from uploads
        where owner_id in (${DEMO_USERS}) or url in (
          select image from funds where id in (${DEMO_FUNDS})
          union select image from fund_updates
            where image is not null and (fund_id in (${DEMO_FUNDS}) or author_id in (${DEMO_USERS}))
          union select proposed->>'image' from fund_changes where fund_id in (${DEMO_FUNDS})
          union select image from verification_applications where user_id in (${DEMO_USERS})
          union select image from "user" where id in (${DEMO_USERS}))`),
    );
    const applications = await counted(
      tx,
      sql`select 1 from verification_applications where user_id in (${DEMO_USERS})`,
    );
    const carts = await counted(
      tx,
      sql`select 1 from cart_items where user_id in (${DEMO_USERS}) or fund_id in (${DEMO_FUNDS})`,
    );
    const sessions = await counted(tx, sql`select 1 from session where user_id in (${DEMO_USERS})`);

    const refunds = await deleted(
      tx,
      sql`delete from refunds where payment_id in (${REMOVED_PAYMENTS})`,
    );
    await tx.execute(sql`delete from pending_refunds
      where payment_id in (${REMOVED_PAYMENTS}) or fund_id in (${DEMO_FUNDS})`);
    const payments = await deleted(tx, sql`delete from payments where id in (${REMOVED_PAYMENTS})`);
    const withdrawals = await deleted(
      tx,
      sql`delete from withdrawals where mode = 'test'
        or fund_id in (${DEMO_FUNDS}) or raiser_id in (${DEMO_USERS})`,
    );
    const updates = await deleted(
      tx,
      sql`delete from fund_updates where fund_id in (${DEMO_FUNDS}) or author_id in (${DEMO_USERS})`,
    );
    // Their events, changes, reports, subscriptions and cart items go with them.
    const funds = await deleted(tx, sql`delete from funds where id in (${DEMO_FUNDS})`);
    const demoAddress = `%@${DEMO_EMAIL_DOMAIN}`;
    const messages =
      (await deleted(
        tx,
        sql`delete from contact_messages where lower(email) like ${demoAddress}`,
      )) +
      (await deleted(
        tx,
        sql`delete from newsletter_subscriptions where lower(email) like ${demoAddress}`,
      ));
    const ids = uploadRows.map((r) => String(r.id));
    for (const id of ids) await tx.execute(sql`delete from uploads where id = ${id}`);
    // Sessions, sign-in accounts, two-factor, carts, subscriptions and applications cascade.
    const accounts = await deleted(tx, sql`delete from "user" where id in (${DEMO_USERS})`);
    // The embedded processor's and test checkout's state: test money only.
    await tx.execute(sql`delete from test_processor_intents`);
    await tx.execute(sql`delete from test_gateway_sessions`);
    await tx.execute(sql`delete from webhook_events where provider = 'test'`);

    await recountFundTotals(tx, await ledgerMode(tx));
    // Each mode's sequence goes back to its highest number left: EF-YYYY- (live), EF-T-YYYY- (test).
    await tx.execute(sql`update receipt_counters c set last = coalesce((
        select max(substring(p.receipt_number from case when c.mode = 'live' then 9 else 11 end)::int)
        from payments p
        where p.receipt_number like (case when c.mode = 'live' then 'EF-' else 'EF-T-' end) || c.year || '-%'), 0)`);
    return {
      removal: {
        accounts,
        funds,
        payments,
        refunds,
        withdrawals,
        updates,
        applications,
        carts,
        sessions,
        messages,
        uploads: ids.length,
        outboxMails: 0,
      },
      uploadIds: ids,
    };
  });
  await opts.storage.remove(
    uploadIds.flatMap((id) => UPLOAD_WIDTHS.map((w) => uploadVariant(id, w))),
  );
  removal.outboxMails = await removeOutboxMails(opts.outboxDir);
  return removal;
}

/** The outbox's mails to demo addresses, with their attachment folders. */
async function removeOutboxMails(outboxDir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch {
    return 0;
  }
  let n = 0;
  for (const name of names) {
    if (!name.endsWith('.txt')) continue;
    const file = path.join(outboxDir, name);
    const to = /^To: (.*)$/m.exec(await readFile(file, 'utf8'))?.[1] ?? '';
    if (!isDemoEmail(to)) continue;
    await rm(path.join(outboxDir, name.slice(0, -'.txt'.length)), { recursive: true, force: true });
    await rm(file, { force: true });
    n++;
  }
  return n;
}

/** The removal as the command prints it. */
export function formatDemoRemoval(r: DemoRemoval): string {
  return (
    `Removed the demo data: ${r.accounts} demo accounts, ${r.funds} funds, ${r.payments} payments ` +
    `with ${r.refunds} refunds, ${r.withdrawals} withdrawals, ${r.updates} fund updates, ` +
    `${r.applications} applications, ${r.carts} cart items, ${r.sessions} sessions, ` +
    `${r.messages} messages, ${r.uploads} uploads and ${r.outboxMails} outbox mails.`
  );
}
