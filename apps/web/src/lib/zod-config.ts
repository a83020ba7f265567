// zod (loaded with the pages that have forms) probes `new Function` once; under our
// Content-Security-Policy (no 'unsafe-eval') the browser reports that probe as a CSP
// violation even though zod catches it. Its global config turns the probe off; it is
// set here, before any zod code runs, without loading zod itself.
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };

export {};
