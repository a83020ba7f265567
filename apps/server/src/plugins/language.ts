import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type Language,
  LANGUAGE_COOKIE,
  negotiateLanguage,
  readCookie,
} from '@easyfund/shared/i18n/languages';
import { translate } from '../lib/i18n';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's language: the `lang` cookie, else Accept-Language, else English. */
    language(): Language;
  }
}

interface ErrorBody {
  error?: { message?: unknown; fields?: Record<string, unknown> };
}

/** Puts an API error's message and field messages into the request's language. */
function translateError(lang: Language, payload: string): string {
  let body: ErrorBody;
  try {
    body = JSON.parse(payload) as ErrorBody;
  } catch {
    return payload;
  }
  const error = body.error;
  if (!error || typeof error.message !== 'string') return payload;
  error.message = translate(lang, error.message);
  if (error.fields) {
    for (const [k, v] of Object.entries(error.fields)) {
      if (typeof v === 'string') error.fields[k] = translate(lang, v);
    }
  }
  return JSON.stringify(body);
}

/** The request's language, and API errors answered in it. */
export default fp(
  async function languagePlugin(app: FastifyInstance) {
    app.decorateRequest('language', function (this: FastifyRequest) {
      const header = this.headers['accept-language'];
      return negotiateLanguage(
        readCookie(this.headers.cookie, LANGUAGE_COOKIE),
        Array.isArray(header) ? header[0] : header,
      );
    });
    // A callback, not an async function: an answer that is no error passes without a promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (reply.statusCode < 400 || typeof payload !== 'string') return done(null, payload);
      const lang = request.language();
      if (lang === 'en') return done(null, payload);
      const type = String(reply.getHeader('content-type') ?? '');
      if (!type.includes('application/json')) return done(null, payload);
      let translated: string;
      try {
        translated = translateError(lang, payload);
      } catch (err) {
        return done(err as Error);
      }
      done(null, translated);
    });
  },
  { name: 'language' },
);
