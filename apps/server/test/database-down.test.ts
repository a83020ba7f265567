import { describe, expect, it } from 'vitest';
import { buildTestApp, createSignedInUser, as } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

describe('when the database is unreachable', () => {
  it('answers 503 with the JSON error shape and never a stack trace', async () => {
    const ctx = await buildTestApp();
    const u = await createSignedInUser(ctx);
    await ctx.database.close();
    try {
      const health = await as(ctx).call(api.health.check);
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: 'down' });

      const me = await as({ app: ctx.app, cookie: u.cookie }).call(api.session.me);
      expect(me.statusCode).toBe(503);
      expect(me.json()).toEqual({
        error: { code: 'unavailable', message: expect.any(String) },
      });
      expect(me.body).not.toMatch(/at .*\.ts:\d+/);
    } finally {
      // Also drops the scratch database on PostgreSQL.
      await ctx.close();
    }
  });
});
