import { beforeAll, describe, expect, it } from 'vitest';
import { createDonation, createFund } from '../src/seed/factories';
import { createSignedInUser, payoutAccountOf, type SignedInUser, useTestApp, as } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

let owner: SignedInUser;
let otherRaiser: SignedInUser;
let ownFundId: string;
let othersFundId: string;

const { ctx } = useTestApp();
beforeAll(async () => {
  const [raiser, other, admin, donor] = await Promise.all([
    createSignedInUser(ctx, { role: 'verified' }),
    createSignedInUser(ctx, { role: 'verified' }),
    createSignedInUser(ctx, { role: 'admin' }),
    createSignedInUser(ctx),
  ]);
  owner = raiser;
  otherRaiser = other;
  ownFundId = (await createFund(ctx.db, { raiserId: owner.id, status: 'approved' })).id;
  othersFundId = (await createFund(ctx.db, { raiserId: other.id, status: 'approved' })).id;
  await createDonation(ctx.db, { userId: donor.id, fundId: ownFundId, amountTk: 5000 });
  await createDonation(ctx.db, { userId: donor.id, fundId: othersFundId, amountTk: 5000 });
  // An admin makes the raiser an admin through the admin page's endpoint.
  const made = await as(admin).call(api.users.changeRole, {
    params: { id: owner.id },
    body: { role: 'admin' },
  });
  expect(made.statusCode).toBe(200);
});

describe('a raiser who is made admin keeps what they own', () => {
  it('still lists and opens their own funds', async () => {
    const list = await as(owner).call(api.funds.mine);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(ownFundId);
    expect(JSON.stringify(list.json())).not.toContain(othersFundId);
    expect(
      (await as(owner).call(api.funds.getMine, { params: { id: ownFundId } })).statusCode,
    ).toBe(200);
  });

  it('still updates their own fund', async () => {
    const res = await as(owner).call(api.funds.update, {
      params: { id: ownFundId },
      body: { name: 'Renamed by its raiser' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('still requests a withdrawal of what their fund raised, and sees it', async () => {
    const res = await as(owner).call(api.withdrawals.request, {
      body: {
        fundId: ownFundId,
        amountTk: 1000,
        payoutAccountId: await payoutAccountOf(owner),
      },
    });
    expect(res.statusCode).toBe(201);
    const mine = await as(owner).call(api.withdrawals.mine);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items).toHaveLength(1);
  });

  it("reaches no other raiser's fund through these endpoints (ownership stays in the query)", async () => {
    expect(
      (await as(owner).call(api.funds.getMine, { params: { id: othersFundId } })).statusCode,
    ).toBe(404);
    expect(
      (
        await as(owner).call(api.funds.update, {
          params: { id: othersFundId },
          body: { name: 'Not mine' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as(owner).call(api.withdrawals.request, {
          body: {
            fundId: othersFundId,
            amountTk: 100,
            payoutAccountId: await payoutAccountOf(owner),
          },
        })
      ).statusCode,
    ).toBe(404);
    expect((await as(otherRaiser).call(api.withdrawals.mine)).json().items).toHaveLength(0);
  });
});
