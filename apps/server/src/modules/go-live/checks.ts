/**
 * The go-live checklist (`npm run doctor`, and the server's start): what a site taking
 * real money needs, one line per check, `OK`, `WARN` or `FAIL` with what to do. A check
 * a live site cannot do without is a FAIL once the payment provider takes real money
 * (Stripe live keys, an SSLCommerz live store); before that (the demo, a sandbox) it is a
 * WARN: the same list, read as "before you go live" (decision 450).
 *
 * Everything here reads the configuration and the data directory only, synchronously and
 * without the network: the start runs it. The database's part (demo data, PostgreSQL's upkeep)
 * is passed in.
 */
import path from 'node:path';
import { payments as paymentsApi } from '@easyfund/shared/api/payments';
import type { Config } from '../../config';
import { type DemoDataFacts, type GoLiveFacts, isLocalHost, type UpkeepFacts } from './facts';

export type CheckStatus = 'OK' | 'WARN' | 'FAIL';

export interface GoLiveCheck {
  /** Stable id (tests, logs). */
  id:
    | 'public-url'
    | 'payments'
    | 'payment-callbacks'
    | 'mail'
    | 'auth-secret'
    | 'database'
    | 'two-factor'
    | 'proxy'
    | 'demo-data';
  status: CheckStatus;
  /** What is checked, a few words. */
  title: string;
  /** What was found, and what to do about it. */
  detail: string;
}

/** Days after which the embedded database's last backup counts as old. */
const BACKUP_MAX_AGE_DAYS = 7;

const CHECKLIST_DOC = 'docs/deploying.md, "Go-live checklist"';
const BACKUP_DOC = 'docs/deploying.md, "Backup and restore"';
const DATABASE_DOC = 'docs/deploying.md, "Database"';

/** The settings that keep a PostgreSQL server's tables from growing with its history, off. */
function upkeepOff(upkeep: UpkeepFacts | undefined): string | undefined {
  if (!upkeep) return undefined;
  const off = [
    ...(upkeep.autovacuum ? [] : ['autovacuum = off']),
    ...(upkeep.trackCounts ? [] : ['track_counts = off']),
  ];
  return off.length ? off.join(' and ') : undefined;
}

/** The checklist, in the order of docs/deploying.md's "Go-live checklist". */
export function goLiveChecks(config: Config, facts: GoLiveFacts): GoLiveCheck[] {
  const live = config.paymentMode === 'live';
  // What a live site cannot do without: a FAIL there, a WARN before (decision 450).
  const need: CheckStatus = live ? 'FAIL' : 'WARN';
  const publicUrl = new URL(config.publicUrl);
  const https = publicUrl.protocol === 'https:';
  const reachable = https && !isLocalHost(publicUrl.hostname);
  return [
    publicUrlCheck(config, need, https, reachable),
    paymentsCheck(config, live),
    callbacksCheck(config, need, reachable),
    mailCheck(config, need),
    authSecretCheck(config, need, facts),
    databaseCheck(config, need, facts),
    {
      id: 'two-factor',
      title: 'Two-factor sign-in for admins',
      ...(config.adminRequiresTwoFactor
        ? { status: 'OK', detail: 'required for admin pages and admin API calls' }
        : {
            status: need,
            detail:
              config.ADMIN_REQUIRE_2FA === 'false'
                ? 'ADMIN_REQUIRE_2FA=false: an admin signs in with a password alone; remove it (an https PUBLIC_URL requires two-factor by default) or set it to true'
                : 'not required (PUBLIC_URL is not https): an admin signs in with a password alone; an https PUBLIC_URL requires it, or set ADMIN_REQUIRE_2FA=true',
          }),
    },
    proxyCheck(config, need, https),
    demoDataCheck(config, need, facts.demoData),
  ];
}

function publicUrlCheck(
  config: Config,
  need: CheckStatus,
  https: boolean,
  reachable: boolean,
): GoLiveCheck {
  const title = 'Public address (PUBLIC_URL)';
  const set = 'set PUBLIC_URL=https://<your domain>, the address donors open';
  if (!config.PUBLIC_URL) {
    return {
      id: 'public-url',
      title,
      status: need,
      detail: `not set (${config.publicUrl}): ${set}`,
    };
  }
  if (!https) {
    return {
      id: 'public-url',
      title,
      status: need,
      detail: `${config.publicUrl} is not https: passwords and session cookies would cross the network in clear; put the site behind an https proxy and ${set}`,
    };
  }
  if (!reachable) {
    return {
      id: 'public-url',
      title,
      status: need,
      detail: `${config.publicUrl} is a local address nobody else can open: ${set}`,
    };
  }
  return { id: 'public-url', title, status: 'OK', detail: config.publicUrl };
}

function paymentsCheck(config: Config, live: boolean): GoLiveCheck {
  const title = 'Payment provider';
  const base = { id: 'payments' as const, title };
  if (config.paymentProvider === 'test') {
    return {
      ...base,
      status: 'WARN',
      detail:
        'the embedded test processor: test cards only, no money moves. Set an SSLCommerz live store (SSLCOMMERZ_STORE_ID, SSLCOMMERZ_STORE_PASSWORD, SSLCOMMERZ_SANDBOX=false) or Stripe live keys (STRIPE_SECRET_KEY=sk_live_…, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET)',
    };
  }
  if (config.paymentProvider === 'sslcommerz') {
    // Another address for SSLCommerz's APIs is the tests' stand-in: on a live site whoever
    // answers there decides which payments count.
    if (live && config.SSLCOMMERZ_API_URL) {
      return {
        ...base,
        status: 'FAIL',
        detail: `SSLCOMMERZ_API_URL sends the validation of live payments to ${config.SSLCOMMERZ_API_URL}: remove it`,
      };
    }
    return live
      ? { ...base, status: 'OK', detail: `SSLCommerz live store ${config.SSLCOMMERZ_STORE_ID}` }
      : {
          ...base,
          status: 'WARN',
          detail:
            'the SSLCommerz sandbox: its test wallets and cards only. Set the live store id and password and SSLCOMMERZ_SANDBOX=false',
        };
  }
  if (live && config.STRIPE_API_HOST) {
    return {
      ...base,
      status: 'FAIL',
      detail: `STRIPE_API_HOST sends live payments' checks to ${config.STRIPE_API_HOST}: remove STRIPE_API_HOST, STRIPE_API_PORT and STRIPE_API_PROTOCOL`,
    };
  }
  return live
    ? { ...base, status: 'OK', detail: 'Stripe, live keys' }
    : {
        ...base,
        status: 'WARN',
        detail:
          'Stripe test keys: no money moves. Set the live keys (STRIPE_SECRET_KEY=sk_live_…, its publishable key and the live webhook secret)',
      };
}

function callbacksCheck(config: Config, need: CheckStatus, reachable: boolean): GoLiveCheck {
  const title = 'Payment callbacks';
  const base = { id: 'payment-callbacks' as const, title };
  if (config.paymentProvider === 'test') {
    return {
      ...base,
      status: 'WARN',
      detail:
        "none with the test processor; SSLCommerz's IPN and Stripe's webhook post to addresses under PUBLIC_URL, which must then be https and public",
    };
  }
  const sslcommerz = config.paymentProvider === 'sslcommerz';
  const address = `${config.publicUrl}${sslcommerz ? paymentsApi.sslcommerzIpn.path : paymentsApi.stripeWebhook.path}`;
  const who = sslcommerz ? "SSLCommerz's IPN" : "Stripe's webhook";
  if (!reachable) {
    return {
      ...base,
      status: need,
      detail: `${who} cannot reach ${address} (it must be https and public): set PUBLIC_URL to the site's public https address`,
    };
  }
  return {
    ...base,
    status: 'OK',
    detail: sslcommerz
      ? `${who} posts to ${address}: register it in the merchant panel (My Stores → IPN settings)`
      : `${who} posts to ${address}: add it as the endpoint in Stripe's dashboard (Developers → Webhooks)`,
  };
}

const DEFAULT_MAIL_FROM = 'Easy Fund <no-reply@easyfund.local>';

function mailCheck(config: Config, need: CheckStatus): GoLiveCheck {
  const title = 'Mail (SMTP_URL)';
  if (!config.SMTP_URL) {
    return {
      id: 'mail',
      title,
      status: need,
      detail: `not set: verification links, password resets and receipts go to ${path.join(config.dataDir, 'outbox')} and reach nobody; set SMTP_URL=smtps://user:password@host`,
    };
  }
  const host = new URL(config.SMTP_URL).host;
  if (config.MAIL_FROM === DEFAULT_MAIL_FROM) {
    return {
      id: 'mail',
      title,
      status: 'WARN',
      detail: `through ${host}, from ${config.MAIL_FROM}: set MAIL_FROM to an address of your domain, or mail servers will refuse or bin it`,
    };
  }
  return { id: 'mail', title, status: 'OK', detail: `through ${host}, from ${config.MAIL_FROM}` };
}

function authSecretCheck(config: Config, need: CheckStatus, facts: GoLiveFacts): GoLiveCheck {
  const title = 'Session secret (AUTH_SECRET)';
  if (config.AUTH_SECRET) {
    return { id: 'auth-secret', title, status: 'OK', detail: 'from the environment' };
  }
  const file = path.join(config.dataDir, 'auth-secret');
  const mode = facts.authSecretFileMode;
  if (mode !== null && mode !== undefined && (mode & 0o077) !== 0) {
    return {
      id: 'auth-secret',
      title,
      status: need,
      detail: `${file} can be read by other users of this machine (mode ${mode.toString(8).padStart(4, '0')}): chmod 600 ${file}, and if others may have read it, replace it (that signs everyone out)`,
    };
  }
  if (config.DATABASE_URL) {
    return {
      id: 'auth-secret',
      title,
      status: 'WARN',
      detail: `read from ${file}, which each machine makes for itself: with PostgreSQL shared by several processes, set the same AUTH_SECRET on every process`,
    };
  }
  return {
    id: 'auth-secret',
    title,
    status: 'OK',
    detail: `in ${file}, readable by its owner only`,
  };
}

function databaseCheck(config: Config, need: CheckStatus, facts: GoLiveFacts): GoLiveCheck {
  const title = 'Database and backups';
  if (config.DATABASE_URL) {
    if (facts.databaseError) {
      return {
        id: 'database',
        title,
        status: 'FAIL',
        detail: `PostgreSQL (DATABASE_URL) does not answer: ${facts.databaseError}`,
      };
    }
    const off = upkeepOff(facts.upkeep);
    if (off) {
      // Not a FAIL: a site that vacuums on a schedule of its own runs fine without it.
      return {
        id: 'database',
        title,
        status: 'WARN',
        detail: `PostgreSQL (DATABASE_URL) runs with ${off}: the old versions of the rows every donation, job and session changes stay in the tables and their indexes, and the planner's statistics are never refreshed, so pages and donations slow down as the site grows; set autovacuum = on and track_counts = on (postgresql.conf, or your provider's settings), or run VACUUM (ANALYZE) every night (${DATABASE_DOC})`,
      };
    }
    return {
      id: 'database',
      title,
      status: 'OK',
      detail: `PostgreSQL (DATABASE_URL); back it up with pg_dump -Fc, nightly (${BACKUP_DOC})`,
    };
  }
  const dir = path.join(config.dataDir, 'pglite');
  const how = `stop the server, run npm run backup -- <file>, start it again, and keep the file on another machine; or set DATABASE_URL (${BACKUP_DOC})`;
  const at = facts.lastBackupAt;
  if (!at) {
    return {
      id: 'database',
      title,
      status: need,
      detail: `the embedded database in ${dir} has no backup: ${how}`,
    };
  }
  const days = Math.floor(((facts.now ?? new Date()).getTime() - at.getTime()) / 86_400_000);
  if (days >= BACKUP_MAX_AGE_DAYS) {
    return {
      id: 'database',
      title,
      status: 'WARN',
      detail: `the embedded database in ${dir} was last backed up ${days} days ago (${at.toISOString()}): ${how}`,
    };
  }
  return {
    id: 'database',
    title,
    status: 'OK',
    detail: `the embedded database in ${dir}, last backed up ${at.toISOString()}`,
  };
}

function proxyCheck(config: Config, need: CheckStatus, https: boolean): GoLiveCheck {
  const title = 'Proxy (TRUST_PROXY)';
  const base = { id: 'proxy' as const, title };
  // The server itself speaks plain http: an https PUBLIC_URL means a proxy in front.
  if (!https) {
    return { ...base, status: 'OK', detail: 'no https proxy in front (PUBLIC_URL is not https)' };
  }
  const value = config.TRUST_PROXY;
  if (value === undefined && config.trustProxy === 'loopback') {
    return {
      ...base,
      status: 'WARN',
      detail:
        "not set: only a proxy on this machine (loopback) is trusted. Set TRUST_PROXY=loopback if that is yours, or your proxy's addresses (CIDRs, comma-separated); otherwise every visitor looks like the proxy to the rate limits and the logs",
    };
  }
  if (config.trustProxy === false) {
    return {
      ...base,
      status: need,
      detail: `${value === undefined ? 'not set' : 'false'} behind the https proxy of PUBLIC_URL: every visitor looks like the proxy, so the rate limits stop everyone at once; set TRUST_PROXY to your proxy's addresses (CIDRs, comma-separated), or loopback`,
    };
  }
  if (config.trustProxy === true) {
    return {
      ...base,
      status: 'WARN',
      detail:
        "true: X-Forwarded-For is believed from anyone who reaches the server; name your proxy's addresses instead, unless only the proxy can reach the server's port",
    };
  }
  return { ...base, status: 'OK', detail: `trusts ${[config.trustProxy].flat().join(', ')}` };
}

function demoDataCheck(config: Config, need: CheckStatus, facts: DemoDataFacts): GoLiveCheck {
  const title = 'No demo data';
  const base = { id: 'demo-data' as const, title };
  if (config.SEED_DEMO) {
    return {
      ...base,
      status: need,
      detail:
        'SEED_DEMO=true seeds the demo accounts into an empty database: remove it (npm start sets it; run the server with node apps/server/dist/main.js)',
    };
  }
  if ('notChecked' in facts) {
    return { ...base, status: 'WARN', detail: `not checked: ${facts.notChecked}` };
  }
  if ('noDatabase' in facts) {
    return { ...base, status: 'OK', detail: 'no database yet: the first start creates it empty' };
  }
  if (facts.accounts === 0 && facts.testPayments === 0) {
    return { ...base, status: 'OK', detail: 'no demo accounts, no test payments' };
  }
  return {
    ...base,
    status: need,
    detail: `${facts.accounts} demo account(s) (@easyfund.test) and ${facts.testPayments} test payment(s) in the database: a live site starts on a database of its own, never the demo's (${CHECKLIST_DOC})`,
  };
}

/** One line of the report: `FAIL  Title: detail`. */
export function formatCheck(check: GoLiveCheck): string {
  return `${check.status.padEnd(4)}  ${check.title}: ${check.detail}`;
}

/** The lines the server prints at its start (none when all is well). */
export function startReport(config: Config, checks: GoLiveCheck[]): string[] {
  const attention = checks.filter((c) => c.status !== 'OK');
  if (attention.length === 0) return [];
  // Before real money (the demo, a sandbox) a start is never noisy: one line.
  if (config.paymentMode === 'test') {
    return [
      `${attention.length} go-live check${attention.length === 1 ? ' needs' : 's need'} attention: npm run doctor`,
    ];
  }
  return ['Go-live checks (npm run doctor):', ...attention.map((c) => `  ${formatCheck(c)}`)];
}
