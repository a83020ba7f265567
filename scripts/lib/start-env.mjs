// The environment `npm start` gives the server, apart from start.mjs so that a test can
// read the decision without starting anything.

/** The variables that configure a payment provider (read by apps/server/src/config.ts). */
const PROVIDER_VARIABLES = [
  'PAYMENT_PROVIDER',
  'SSLCOMMERZ_STORE_ID',
  'SSLCOMMERZ_STORE_PASSWORD',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
];

/**
 * True when the environment names a payment provider or gives any of its keys: then the
 * server's own configuration decides (and refuses a half-configured provider in one line).
 */
export function paymentProviderConfigured(env) {
  // An empty value counts as unset, as in the server's configuration.
  return PROVIDER_VARIABLES.some((name) => Boolean(env[name]));
}

/**
 * The server's environment under `npm start`: production, the demo data, the built web
 * app, and the test provider only when no provider is configured at all. Everything the
 * caller set wins, an explicit `PAYMENT_PROVIDER` included.
 */
export function startEnv(env, { webDist }) {
  return {
    NODE_ENV: 'production',
    ...(paymentProviderConfigured(env) ? {} : { PAYMENT_PROVIDER: 'test' }),
    SEED_DEMO: 'true',
    WEB_DIST: webDist,
    ...env,
  };
}
