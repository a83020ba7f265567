import {
  type BodyInputOf,
  type Endpoint,
  fillPath,
  type QueryInputOf,
  type ResponseOf,
} from '@easyfund/shared/api/contract';
import { api, qs } from '../lib/api';

type Params = Record<string, string | number>;

/** How many items a page of a list holds, for the lists whose size the client chooses. */
export const PAGE_SIZE = 20;

/** What a call of an endpoint takes: only the parts its contract has. */
export type CallInput<E extends Endpoint> = (E['params'] extends object
  ? { params: Params }
  : { params?: undefined }) &
  (E['query'] extends object ? { query?: QueryInputOf<E> } : { query?: undefined }) &
  (E['multipart'] extends true
    ? { body: FormData }
    : E['body'] extends object
      ? { body: BodyInputOf<E> }
      : { body?: undefined });

/** The address of an endpoint with its path parameters and query filled in. */
export function urlOf<E extends Endpoint>(e: E, input: Partial<CallInput<E>> = {}): string {
  const query = (input.query ?? {}) as Record<string, string | number | undefined | null>;
  return fillPath(e.path, input.params as Params | undefined) + qs(query);
}

/** Calls an endpoint as its contract describes it; the answer is typed by the contract. */
export function call<E extends Endpoint>(
  e: E,
  ...[input]: E['params'] extends object
    ? [CallInput<E>]
    : E['body'] extends object
      ? [CallInput<E>]
      : E['multipart'] extends true
        ? [CallInput<E>]
        : [CallInput<E>?]
): Promise<ResponseOf<E>> {
  const url = urlOf(e, input ?? {});
  const body = input?.body as Record<string, unknown> | FormData | undefined;
  switch (e.method) {
    case 'GET':
      return api.get<ResponseOf<E>>(url);
    case 'DELETE':
      return api.delete<ResponseOf<E>>(url);
    case 'POST':
      return api.post<ResponseOf<E>>(url, body);
    case 'PUT':
      return api.put<ResponseOf<E>>(url, body);
    case 'PATCH':
      return api.patch<ResponseOf<E>>(url, body);
  }
}
