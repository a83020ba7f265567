import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fundReports, funds, verificationApplications, withdrawals } from '../src/db/schema';
import {
  OWN_APPLICATION,
  OWN_FUND_EDIT,
  OWN_FUND_HOLD,
  OWN_FUND_PAYMENT,
  OWN_FUND_REPORT,
  OWN_FUND_REQUEST,
  OWN_FUND_ZAKAT,
  OWN_WITHDRAWAL,
} from '../src/modules/decisions/service';
import { createDonation, createFund, createVerificationApplication } from '../src/seed/factories';
import { as, shownVersion, useTestApp, requestWithdrawal, reportFund } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

/** An admin who also raises funds, and a second admin who decides on them. */
const { ctx, raisingAdmin, otherAdmin, donor } = useTestApp({
  raisingAdmin: { role: 'admin' },
  otherAdmin: { role: 'admin' },
  donor: {},
});

const refusedAsOwn = (res: { statusCode: number; json(): unknown }, message: string) => {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ error: { code: 'own_request', message } });
};

describe('an admin never decides on their own request', () => {
  it('refuses to approve their own fund request; another admin may', async () => {
    const fund = await createFund(ctx.db, { raiserId: raisingAdmin.id, status: 'pending' });
    const version = await shownVersion(otherAdmin, api.funds.adminList, fund.id);
    refusedAsOwn(
      await as(raisingAdmin).call(api.funds.decide, {
        params: { id: fund.id },
        body: { status: 'approved', version },
      }),
      OWN_FUND_REQUEST,
    );
    refusedAsOwn(
      await as(raisingAdmin).call(api.funds.decide, {
        params: { id: fund.id },
        body: {
          status: 'denied',
          feedback: 'Not enough detail',
          version,
        },
      }),
      OWN_FUND_REQUEST,
    );
    const [row] = await ctx.db.select().from(funds).where(eq(funds.id, fund.id));
    expect(row).toMatchObject({ status: 'pending', decidedBy: null });

    const approved = await as(otherAdmin).call(api.funds.decide, {
      params: { id: fund.id },
      body: { status: 'approved', version },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });
  });

  it('refuses to approve an edit of their own approved fund; another admin may', async () => {
    const fund = await createFund(ctx.db, {
      raiserId: raisingAdmin.id,
      status: 'approved',
      name: 'As approved',
    });
    const edit = await as(raisingAdmin).call(api.funds.update, {
      params: { id: fund.id },
      body: { name: 'Changed by its raiser' },
    });
    expect(edit.json().pendingChange).toMatchObject({ name: 'Changed by its raiser' });
    const version = await shownVersion(otherAdmin, api.funds.adminList, fund.id);
    refusedAsOwn(
      await as(raisingAdmin).call(api.funds.decideChange, {
        params: { id: fund.id },
        body: { status: 'approved', version },
      }),
      OWN_FUND_EDIT,
    );
    const shown = (await as(ctx).call(api.funds.get, { params: { id: fund.id } })).json();
    expect(shown).toMatchObject({ name: 'As approved' });

    const approved = await as(otherAdmin).call(api.funds.decideChange, {
      params: { id: fund.id },
      body: { status: 'approved', version },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ name: 'Changed by its raiser', pendingChange: null });
  });

  it('refuses to approve their own withdrawal; another admin may', async () => {
    const fund = await createFund(ctx.db, { raiserId: raisingAdmin.id, status: 'approved' });
    await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: 5000 });
    const asked = await requestWithdrawal(raisingAdmin, fund.id, 1000);
    expect(asked.statusCode).toBe(201);
    const version = await shownVersion(otherAdmin, api.withdrawals.list, asked.json().id);
    refusedAsOwn(
      await as(raisingAdmin).call(api.withdrawals.decide, {
        params: { id: asked.json().id },
        body: { status: 'approved', version },
      }),
      OWN_WITHDRAWAL,
    );
    const [row] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.fundId, fund.id));
    expect(row).toMatchObject({ status: 'pending', decidedBy: null });

    const approved = await as(otherAdmin).call(api.withdrawals.decide, {
      params: { id: asked.json().id },
      body: { status: 'approved', version },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });
  });

  it('refuses to decide on their own raiser application; another admin may', async () => {
    const application = await createVerificationApplication(ctx.db, { userId: raisingAdmin.id });
    const version = await shownVersion(otherAdmin, api.verifications.list, application.id);
    refusedAsOwn(
      await as(raisingAdmin).call(api.verifications.decide, {
        params: { id: application.id },
        body: { status: 'approved', version },
      }),
      OWN_APPLICATION,
    );
    const [row] = await ctx.db
      .select()
      .from(verificationApplications)
      .where(eq(verificationApplications.id, application.id));
    expect(row).toMatchObject({ status: 'pending', decidedBy: null });

    expect(
      (
        await as(otherAdmin).call(api.verifications.decide, {
          params: { id: application.id },
          body: {
            status: 'denied',
            feedback: 'The ID card is unreadable',
            version,
          },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lets an admin take their own fund down, but only another admin lifts the suspension', async () => {
    const fund = await createFund(ctx.db, { raiserId: raisingAdmin.id, status: 'approved' });
    const suspended = await as(otherAdmin).call(api.funds.hold, {
      params: { id: fund.id },
      body: {
        action: 'suspend',
        reason: 'Receipts are missing',
        version: await shownVersion(otherAdmin, api.funds.adminList, fund.id),
      },
    });
    expect(suspended.statusCode).toBe(200);
    const version = await shownVersion(otherAdmin, api.funds.adminList, fund.id);
    refusedAsOwn(
      await as(raisingAdmin).call(api.funds.hold, {
        params: { id: fund.id },
        body: { action: 'lift', version },
      }),
      OWN_FUND_HOLD,
    );
    const [row] = await ctx.db.select().from(funds).where(eq(funds.id, fund.id));
    expect(row).toMatchObject({ hold: 'suspended' });

    expect(
      (
        await as(otherAdmin).call(api.funds.hold, {
          params: { id: fund.id },
          body: { action: 'lift', version },
        })
      ).statusCode,
    ).toBe(200);
    const closed = await as(raisingAdmin).call(api.funds.hold, {
      params: { id: fund.id },
      body: {
        action: 'close',
        reason: 'The goal was met elsewhere',
        version: await shownVersion(raisingAdmin, api.funds.adminList, fund.id),
      },
    });
    expect(closed.statusCode).toBe(200);
  });

  it('refuses to mark their own fund Zakat-eligible; another admin may; taking it off stays allowed', async () => {
    const fund = await createFund(ctx.db, { raiserId: raisingAdmin.id, status: 'approved' });
    const body = { eligible: true, note: 'Feeds families below the nisab' };
    refusedAsOwn(
      await as(raisingAdmin).call(api.zakat.setFund, { params: { id: fund.id }, body }),
      OWN_FUND_ZAKAT,
    );
    const [row] = await ctx.db.select().from(funds).where(eq(funds.id, fund.id));
    expect(row).toMatchObject({ zakatEligible: false });

    expect(
      (await as(otherAdmin).call(api.zakat.setFund, { params: { id: fund.id }, body })).statusCode,
    ).toBe(200);
    const off = await as(raisingAdmin).call(api.zakat.setFund, {
      params: { id: fund.id },
      body: { eligible: false },
    });
    expect(off.statusCode).toBe(200);
    const [after] = await ctx.db.select().from(funds).where(eq(funds.id, fund.id));
    expect(after).toMatchObject({ zakatEligible: false });
  });

  it('refuses to review a payment to their own fund', async () => {
    const fund = await createFund(ctx.db, { raiserId: raisingAdmin.id, status: 'approved' });
    const payment = await createDonation(ctx.db, {
      userId: donor.id,
      fundId: fund.id,
      amountTk: 100,
    });
    refusedAsOwn(
      await as(raisingAdmin).call(api.payments.review, {
        params: { paymentId: payment.id },
        body: { decision: 'approve', reason: 'Checked' },
      }),
      OWN_FUND_PAYMENT,
    );
    // Another admin reaches the payment's own rules (it is not held: 409).
    expect(
      (
        await as(otherAdmin).call(api.payments.review, {
          params: { paymentId: payment.id },
          body: { decision: 'approve', reason: 'Checked' },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('refuses to resolve a report about their own fund; another admin may', async () => {
    const fund = await createFund(ctx.db, { raiserId: raisingAdmin.id, status: 'approved' });
    const filed = await reportFund(donor, fund.id, {
      reason: 'misleading',
      details: 'The photos are of another place',
    });
    expect(filed.statusCode).toBe(201);
    refusedAsOwn(
      await as(raisingAdmin).call(api.reports.resolve, {
        params: { id: filed.json().id },
        body: { status: 'resolved' },
      }),
      OWN_FUND_REPORT,
    );
    const [row] = await ctx.db
      .select()
      .from(fundReports)
      .where(eq(fundReports.id, filed.json().id));
    expect(row).toMatchObject({ status: 'open' });

    expect(
      (
        await as(otherAdmin).call(api.reports.resolve, {
          params: { id: filed.json().id },
          body: { status: 'resolved' },
        })
      ).statusCode,
    ).toBe(200);
  });
});
