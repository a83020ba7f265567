import type { FastifyPluginAsync } from 'fastify';
import { language } from '@easyfund/shared/api/language';
import { LANGUAGE_COOKIE } from '@easyfund/shared/i18n/languages';
import { route } from '../../plugins/route';
import { chooseLanguage, getLanguage } from './service';

/** The language a signed-in person chose: kept with the profile and in the cookie. */
const languageRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, language.mine, ({ user }) => getLanguage(db, user));
  route(app, language.choose, async ({ user, body, reply }) => {
    reply.header(
      'set-cookie',
      `${LANGUAGE_COOKIE}=${body.language}; Path=/; Max-Age=31536000; SameSite=Lax`,
    );
    return chooseLanguage(db, user, body.language);
  });
};

export default languageRoutes;
