import { ZAddEmailRequest, ZAddEmailResponse } from '../schemas/session';
import { ZMe } from '../schemas/common';
import { ZAuthProviders, ZSession } from '../schemas/session';
import { endpoint } from './contract';

/**
 * Who is signed in, and how one may sign in. Signing in, up and out goes through the
 * identity layer under `/api/auth/*` (not described here).
 */
export const session = {
  me: endpoint({
    method: 'GET',
    path: '/api/me',
    access: 'signedIn',
    operationId: 'getMe',
    tags: ['session'],
    summary: 'The signed-in user with role',
    response: ZMe,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/session',
    access: 'public',
    operationId: 'getSession',
    tags: ['session'],
    summary: 'The signed-in user with role, or null when signed out',
    response: ZSession,
  }),
  providers: endpoint({
    method: 'GET',
    path: '/api/auth-providers',
    access: 'public',
    operationId: 'listAuthProviders',
    tags: ['session'],
    summary: 'External sign-in providers that are configured',
    response: ZAuthProviders,
  }),
  addEmail: endpoint({
    method: 'POST',
    path: '/api/me/email',
    access: 'signedIn',
    operationId: 'addMyEmail',
    tags: ['session'],
    summary:
      'An account made from a mobile number adds an e-mail address (a link is mailed to it) and a password',
    body: ZAddEmailRequest,
    response: ZAddEmailResponse,
    errors: [400, 409],
  }),
} as const;
