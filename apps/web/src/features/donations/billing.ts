export interface Billing {
  name: string;
  email: string;
}

/** Billing details come from the signed-in user, with the specification's fallbacks. */
export function billingOf(user: { name?: string | null; email?: string | null } | null): Billing {
  return { name: user?.name?.trim() || 'anonymous', email: user?.email?.trim() || 'unknown' };
}
