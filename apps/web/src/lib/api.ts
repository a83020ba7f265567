import { CHALLENGE_ERROR, CHALLENGE_HEADER } from '@easyfund/shared/schemas/challenge';
import type { TApiError } from '@easyfund/shared/schemas/common';
import { pageScope } from './page-scope';

/** An error answered by our API, in its one JSON shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Body = Record<string, unknown> | unknown[] | FormData | undefined;

async function request<T>(
  method: string,
  url: string,
  body?: Body,
  headers: Record<string, string> = {},
): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { ...headers } };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await pageScope().fetch(url, init);
  } catch {
    throw new ApiError(0, 'network', 'Could not reach the server. Check your connection.');
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const err = (data as Partial<TApiError> | null)?.error;
    // Many attempts from the visitor's network: the browser solves the server's puzzle
    // (a proof of work, no one has to do anything) and sends the request once more.
    if (err?.code === CHALLENGE_ERROR.code && err.challenge && !headers[CHALLENGE_HEADER]) {
      const { solvedChallenge } = await import('./challenge');
      const solved = await solvedChallenge(err.challenge).catch(() => null);
      if (solved) return request<T>(method, url, body, { ...headers, [CHALLENGE_HEADER]: solved });
    }
    throw new ApiError(
      res.status,
      err?.code ?? `http_${res.status}`,
      err?.message ?? `Request failed (${res.status})`,
      err?.fields,
    );
  }
  return data as T;
}

/** Same-origin JSON client: the session cookie goes along, errors become ApiError. */
export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body?: Body) => request<T>('POST', url, body ?? {}),
  put: <T>(url: string, body?: Body) => request<T>('PUT', url, body ?? {}),
  patch: <T>(url: string, body?: Body) => request<T>('PATCH', url, body ?? {}),
  delete: <T>(url: string) => request<T>('DELETE', url),
};

/** Builds a query string from defined values. */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}
