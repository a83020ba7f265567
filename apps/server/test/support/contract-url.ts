import { type Endpoint, fillPath } from '@easyfund/shared/api/contract';
import type { App } from '../../src/app';
import { as, type CallAnswer, type CallInput } from '../helper';

type Params = Record<string, string | number>;

/**
 * The address of a contract's route: its path with `params` filled in and `query` after it.
 * For a request the test makes itself (another remote address, a raw body, no cookie).
 */
export function urlOf(
  endpoint: Endpoint,
  params?: Params,
  query?: Record<string, string | number | boolean>,
): string {
  const search = new URLSearchParams(
    Object.entries(query ?? {}).map(([name, value]) => [name, String(value)]),
  ).toString();
  return fillPath(endpoint.path, params) + (search ? `?${search}` : '');
}

/** What `send` takes: the parts of a request, untyped by the contract. */
export interface UntypedInput {
  params?: Params;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A request to a contract's route (its method and path) with input its types would refuse:
 * the tests of bad input. The answer is typed as the contract's, as `as(who).call`'s is.
 */
export function send<E extends Endpoint>(
  who: { app: App; cookie?: string },
  endpoint: E,
  input: UntypedInput = {},
): Promise<CallAnswer<E>> {
  return as(who).call(endpoint, input as CallInput<E>);
}
