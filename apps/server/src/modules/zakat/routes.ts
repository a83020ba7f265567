import type { FastifyPluginAsync } from 'fastify';
import { zakat } from '@easyfund/shared/api/zakat';
import { route } from '../../plugins/route';
import { getZakatSettings, setFundZakat, updateZakatSettings } from './service';

/** /api/zakat (the calculator's prices) and the admins' Zakat settings. */
const zakatRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, zakat.settings, () => getZakatSettings(db));
  route(app, zakat.updateSettings, ({ user, body }) => updateZakatSettings(db, user, body));
  route(app, zakat.setFund, ({ user, params, body }) => setFundZakat(db, user, params.id, body));
};

export default zakatRoutes;
