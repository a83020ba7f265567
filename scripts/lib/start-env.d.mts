export function paymentProviderConfigured(env: Record<string, string | undefined>): boolean;
export function startEnv(
  env: Record<string, string | undefined>,
  opts: { webDist: string },
): Record<string, string | undefined>;
