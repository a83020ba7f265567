import { describe, expect, it } from 'vitest';
import { createFund } from '../src/seed/factories';
import { as, useTestApp } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx, admin, raiser } = useTestApp({
  admin: { role: 'admin' },
  raiser: { role: 'verified' },
});

describe('Zakat prices', () => {
  it('are zero until an admin sets them, then public with the time of the change', async () => {
    const before = await as(ctx).call(api.zakat.settings);
    expect(before.json()).toEqual({
      goldPoishaPerGram: 0,
      silverPoishaPerGram: 0,
      updatedAt: null,
    });
    const set = await as(admin).call(api.zakat.updateSettings, {
      body: { goldTkPerGram: 15250.5, silverTkPerGram: 185 },
    });
    expect(set.statusCode).toBe(200);
    const after = (await as(ctx).call(api.zakat.settings)).json();
    expect(after).toMatchObject({ goldPoishaPerGram: 1_525_050, silverPoishaPerGram: 18_500 });
    expect(after.updatedAt).toEqual(expect.any(String));
  });

  it('refuse non-admins and invalid prices without changing them', async () => {
    const current = (await as(ctx).call(api.zakat.settings)).json();
    expect(
      (
        await as(raiser).call(api.zakat.updateSettings, {
          body: { goldTkPerGram: 1, silverTkPerGram: 1 },
        })
      ).statusCode,
    ).toBe(403);
    const bad = await as(admin).call(api.zakat.updateSettings, {
      body: { goldTkPerGram: -5, silverTkPerGram: 1.234 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields ?? {})).toEqual([
      'goldTkPerGram',
      'silverTkPerGram',
    ]);
    expect((await as(ctx).call(api.zakat.settings)).json()).toEqual(current);
  });
});

describe('Zakat-eligible funds', () => {
  it('an admin marks a fund with a published note; the list filters on it; the audit trail keeps it', async () => {
    const word = `zk${Date.now().toString(36)}`;
    const eligible = await createFund(ctx.db, { raiserId: raiser.id, name: `Orphans ${word}` });
    const other = await createFund(ctx.db, { raiserId: raiser.id, name: `Startup ${word}` });
    const res = await as(admin).call(api.zakat.setFund, {
      params: { id: eligible.id },
      body: {
        eligible: true,
        note: 'Goes to orphans without income (fuqara and masakin).',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: eligible.id,
      zakatEligible: true,
      zakatNote: 'Goes to orphans without income (fuqara and masakin).',
    });

    const page = (await as(ctx).call(api.funds.get, { params: { id: eligible.id } })).json();
    expect(page).toMatchObject({
      zakatEligible: true,
      zakatNote: expect.stringContaining('orphans'),
    });
    const filtered = (
      await as(ctx).call(api.funds.list, { query: { q: word, zakat: '1' } })
    ).json();
    expect(filtered.items.map((f) => f.id)).toEqual([eligible.id]);
    const all = (await as(ctx).call(api.funds.list, { query: { q: word } })).json();
    expect(all.items.map((f) => f.id).sort()).toEqual([eligible.id, other.id].sort());

    const events = (await as(admin).call(api.funds.events, { params: { id: eligible.id } })).json();
    expect(events.items.at(-1)).toMatchObject({
      action: 'zakat',
      before: { zakatEligible: false, zakatNote: null },
      after: { zakatEligible: true },
    });

    const unmark = await as(admin).call(api.zakat.setFund, {
      params: { id: eligible.id },
      body: { eligible: false },
    });
    expect(unmark.json()).toMatchObject({ zakatEligible: false, zakatNote: null });
  });

  it('needs a note to mark, an admin to decide, and a fund that exists', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id });
    const noNote = await as(admin).call(api.zakat.setFund, {
      params: { id: fund.id },
      body: { eligible: true, note: '  ' },
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.fields?.note).toBe('Explain why this fund is Zakat-eligible');
    const byRaiser = await as(raiser).call(api.zakat.setFund, {
      params: { id: fund.id },
      body: { eligible: true, note: 'My own fund' },
    });
    expect(byRaiser.statusCode).toBe(403);
    const unknown = await as(admin).call(api.zakat.setFund, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: { eligible: true, note: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await as(ctx).call(api.funds.get, { params: { id: fund.id } })).json().zakatEligible,
    ).toBe(false);
  });
});
