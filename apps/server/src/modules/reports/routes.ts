import type { FastifyPluginAsync } from 'fastify';
import { reports } from '@easyfund/shared/api/reports';
import { hasAdminRights } from '../../plugins/session';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import { createReport, listReports, resolveReport } from './service';

/** "Report this fund" (MESSAGE_RATE_LIMIT_MAX per person in 10 minutes) and the admins' queue. */
const reportsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(
    app,
    reports.create,
    ({ user, params, body }) =>
      createReport(db, { me: user, admin: hasAdminRights(app.config, user) }, params.id, body),
    {
      preHandler: [
        rateLimit({
          name: 'reports',
          per: { user: (config) => config.MESSAGE_RATE_LIMIT_MAX },
          windowMs: 10 * 60_000,
          message: 'Too many reports. Please wait a few minutes and try again.',
        }),
      ],
    },
  );
  route(app, reports.list, ({ query }) => listReports(db, query));
  route(app, reports.resolve, ({ user, params, body }) =>
    resolveReport(db, user, params.id, body.status),
  );
};

export default reportsRoutes;
