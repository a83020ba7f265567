import type { FastifyPluginAsync } from 'fastify';
import { session } from '@easyfund/shared/api/session';
import type { TAuthProviders } from '@easyfund/shared/schemas/session';
import { fromNodeHeaders } from 'better-auth/node';
import { route } from '../../plugins/route';
import { addEmail } from './add-email';

/**
 * Who is signed in, and which external sign-in providers are configured. Signing in,
 * up and out is the identity layer's, under /api/auth/* (plugins/session.ts).
 */
const sessionRoutes: FastifyPluginAsync = async (app) => {
  route(app, session.me, ({ user }) => user);
  // The same, answering `{ user: null }` rather than a 401 when signed out: what the
  // browser asks on every page (a 401 there would be logged as an error on each visit).
  route(app, session.get, async ({ currentUser }) => ({ user: await currentUser() }));

  const { config } = app;
  const providers: TAuthProviders = {
    google: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    oidc: config.OIDC_ISSUER ? { name: config.OIDC_NAME } : null,
    adminTwoFactorRequired: config.adminRequiresTwoFactor,
  };
  route(app, session.providers, () => providers);

  route(app, session.addEmail, ({ user, body, request }) =>
    addEmail(app.auth, user, body, fromNodeHeaders(request.headers)),
  );
};

export default sessionRoutes;
