/** An endpoint of the identity layer's list (`auth.api`), as far as its HTTP route goes. */
interface ListedEndpoint {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
}

/** An endpoint the identity layer serves over HTTP: its path (`/reset-password/:token`). */
export interface IdentityHttpEndpoint {
  path: string;
  /** Its methods as the identity layer lists them (`*`: any). */
  methods: string[];
}

/**
 * The identity layer's endpoints that a request can reach: its list (`auth.api`) also
 * holds endpoints only the server may call, which have no route.
 */
export function identityHttpEndpoints(api: Record<string, unknown>): IdentityHttpEndpoint[] {
  return (Object.values(api) as ListedEndpoint[]).flatMap((endpoint) =>
    endpoint.path && !endpoint.options?.metadata?.SERVER_ONLY
      ? [{ path: endpoint.path, methods: [endpoint.options?.method ?? 'GET'].flat() }]
      : [],
  );
}
