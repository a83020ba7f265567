import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { fundChanges, user, withdrawals } from '../src/db/schema';
import { QUEUES } from '../src/lib/job-queue';
import { digestMail, sendAdminDigest } from '../src/modules/notifications/service';
import { recordRefund } from '../src/modules/payments/service';
import { waitingCounts } from '../src/modules/overview/service';
import { createDonation, createFund, createVerificationApplication } from '../src/seed/factories';
import { resources as api } from '@easyfund/shared/api/resources';
import { as, buildTestApp, createSignedInUser, decide, jobsDone, useTestApp } from './helper';

const { ctx, admin, donor } = useTestApp({
  admin: { role: 'admin', name: 'Admin Ayesha' },
  donor: {},
});

beforeEach(() => {
  ctx.mails.length = 0;
});

const mailsTo = (email: string) => ctx.mails.filter((m) => m.to === email);

describe('decision mails', () => {
  it('tells the applicant once, with the feedback, in their language', async () => {
    const applicant = await createSignedInUser(ctx, { name: 'Rahim' });
    await ctx.db.update(user).set({ language: 'bn' }).where(eq(user.id, applicant.id));
    const application = await createVerificationApplication(ctx.db, { userId: applicant.id });
    const res = await decide(admin, 'verification', application.id, {
      status: 'denied',
      feedback: 'The ID card photo is not readable',
    });
    expect(res.statusCode).toBe(200);
    await jobsDone(ctx);
    const mails = mailsTo(applicant.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('আপনার তহবিল সংগ্রাহকের আবেদন নাকচ করা হয়েছে');
    expect(mails[0]!.text).toContain('The ID card photo is not readable');
    // Deciding again is refused, and sends nothing more.
    const again = await as(admin).call(api.verifications.decide, {
      params: { id: application.id },
      body: {
        version: res.json().version,
        status: 'approved',
        feedback: '',
      },
    });
    expect(again.statusCode).toBe(409);
    await jobsDone(ctx);
    expect(mailsTo(applicant.email)).toHaveLength(1);
  });

  it('tells the raiser of a fund request decision', async () => {
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    const fund = await createFund(ctx.db, {
      raiserId: raiser.id,
      status: 'pending',
      name: 'School roof',
    });
    const res = await decide(admin, 'fund', fund.id, { status: 'approved', feedback: 'Good luck' });
    expect(res.statusCode).toBe(200);
    await jobsDone(ctx);
    const mails = mailsTo(raiser.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your fund request "School roof" was approved');
    expect(mails[0]!.text).toContain('Good luck');
  });

  it('tells the raiser of a decision on a change to an approved fund', async () => {
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    const fund = await createFund(ctx.db, {
      raiserId: raiser.id,
      status: 'approved',
      name: 'Flood relief',
    });
    await ctx.db
      .insert(fundChanges)
      .values({ fundId: fund.id, proposedBy: raiser.id, proposed: { name: 'Flood relief 2' } });
    const res = await decide(admin, 'fundChange', fund.id, {
      status: 'denied',
      feedback: 'Keep the name donors know',
    });
    expect(res.statusCode).toBe(200);
    await jobsDone(ctx);
    const mails = mailsTo(raiser.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('The changes to "Flood relief" were denied');
    expect(mails[0]!.text).toContain('Keep the name donors know');
  });

  it('tells the raiser of a withdrawal decision with the amount and feedback', async () => {
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    const fund = await createFund(ctx.db, {
      raiserId: raiser.id,
      status: 'approved',
      name: 'Clinic',
    });
    await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: 1000 });
    const [w] = await ctx.db
      .insert(withdrawals)
      .values({ fundId: fund.id, raiserId: raiser.id, amountPoisha: 50_000, status: 'pending' })
      .returning();
    const res = await decide(admin, 'withdrawal', w!.id, {
      status: 'denied',
      feedback: 'Bank details missing',
    });
    expect(res.statusCode).toBe(200);
    await jobsDone(ctx);
    const mails = mailsTo(raiser.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your withdrawal of 500 Tk from "Clinic" was denied');
    expect(mails[0]!.text).toContain('Bank details missing');
  });
});

describe('refund mails', () => {
  it('tells the donor once per refund recorded, with the amount', async () => {
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    const fund = await createFund(ctx.db, {
      raiserId: raiser.id,
      status: 'approved',
      name: 'Winter clothes',
    });
    const paid = await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: 800 });
    const deps = { db: ctx.db, mailQueue: ctx.app.mailQueue };
    const half = { refundedPoisha: 40_000, disputedPoisha: 0 };
    expect(await recordRefund(deps, paid.id, half, 'test')).toBe(40_000);
    // The same state seen again (a repeated webhook) records nothing and sends nothing.
    expect(await recordRefund(deps, paid.id, half, 'test')).toBe(0);
    await jobsDone(ctx);
    const mails = mailsTo(donor.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('400 Tk of your donation to "Winter clothes" was refunded');
  });
});

describe('daily digest', () => {
  it('is not sent when nothing waits', async () => {
    const waiting = await waitingCounts(ctx.db);
    // Everything decided above; nothing else waits in this fresh database.
    expect(Object.values(waiting).every((n) => n === 0)).toBe(true);
    const sent = await sendAdminDigest(ctx.db, ctx.app.mailQueue, waiting, {
      day: '2026-11-23',
      overviewUrl: 'http://localhost:3000/dashboard/admin/overview',
    });
    expect(sent).toBe(0);
    await jobsDone(ctx);
    expect(ctx.mails).toHaveLength(0);
  });

  it('lists the waiting counts, one mail per admin per day', async () => {
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    const second = await createSignedInUser(ctx, { role: 'admin' });
    const waiting = await waitingCounts(ctx.db);
    const opts = {
      day: '2026-11-24',
      overviewUrl: 'http://localhost:3000/dashboard/admin/overview',
    };
    expect(await sendAdminDigest(ctx.db, ctx.app.mailQueue, waiting, opts)).toBe(2);
    await sendAdminDigest(ctx.db, ctx.app.mailQueue, waiting, opts);
    await jobsDone(ctx);
    expect(mailsTo(admin.email)).toHaveLength(1);
    expect(mailsTo(second.email)).toHaveLength(1);
    const mail = mailsTo(admin.email)[0]!;
    expect(mail.subject).toBe('Waiting for a decision: 2');
    expect(mail.text).toContain('- Fund requests: 2');
    expect(mail.text).not.toContain('Withdrawal requests');
  });

  it('counts in Bangla digits for an admin who reads Bangla', () => {
    const waiting = {
      applications: 12,
      fundRequests: 1_205,
      fundChanges: 0,
      withdrawals: 3,
      openReports: 0,
      needsReview: 0,
      spendingReports: 0,
    };
    const url = 'http://localhost:3000/dashboard/admin/overview';
    const mail = digestMail('bn', { email: 'a@example.com', name: 'আয়েশা' }, waiting, url);
    expect(mail.subject).toMatch(/১,২২০$/);
    expect(mail.text).toMatch(/- \S.*: ১২$/m);
    expect(mail.text).toMatch(/- \S.*: ১,২০৫$/m);
    expect(mail.text).toMatch(/- \S.*: ৩$/m);
    expect(`${mail.subject}\n${mail.text.replace(url, '')}`).not.toMatch(/[0-9]/);
    const english = digestMail('en', { email: 'a@example.com', name: 'Ayesha' }, waiting, url);
    expect(english.subject).toBe('Waiting for a decision: 1,220');
    expect(english.text).toContain('- Fund requests: 1,205');
  });

  it('is a job of the queue (scheduled daily at 09:00 Asia/Dhaka), sent once per admin a day', async () => {
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    const newAdmin = await createSignedInUser(ctx, { role: 'admin', name: 'Admin Nafisa' });
    await ctx.app.jobs.send(QUEUES.adminDigest, {});
    await jobsDone(ctx);
    await ctx.app.jobs.send(QUEUES.adminDigest, {});
    await jobsDone(ctx);
    const mails = mailsTo(newAdmin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Waiting for a decision: \d+$/);
    expect(mails[0]!.text).toContain('/dashboard/admin/overview');
  });
});

describe('the mail queue', () => {
  it('drains a backlog as fast as the mails go, not one mail per poll', async () => {
    const slow = await buildTestApp({ JOBS_POLL_SECONDS: '2' });
    try {
      const started = Date.now();
      for (let i = 0; i < 20; i++) {
        await slow.app.mailQueue.enqueueMail(`backlog:${i}`, {
          to: `reader${i}@example.com`,
          subject: 'News',
          text: 'Hello',
        });
      }
      await jobsDone(slow);
      expect(slow.mails).toHaveLength(20);
      // One mail per 2-second poll would take 40 seconds.
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await slow.close();
    }
  });
});
