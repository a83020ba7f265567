import { describe, expect, it } from 'vitest';
import { buildTestApp, createSignedInUser } from './helper';

describe('when the database is unreachable', () => {
  it('answers 503 with the JSON error shape and never a stack trace', async () => {
    const ctx = await buildTestApp();
    const u = await createSignedInUser(ctx);
    await ctx.database.close();
    try {
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: 'down' });

      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: u.cookie },
      });
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
