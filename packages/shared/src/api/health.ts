import { z } from 'zod';
import { ZHealth } from '../schemas/health';
import { endpoint } from './contract';

/** The service itself: liveness and the API's own description. */
export const health = {
  check: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    operationId: 'checkHealth',
    tags: ['health'],
    summary: 'Liveness with a database check',
    response: ZHealth,
    errorResponses: { 503: ZHealth },
  }),
  openapi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    operationId: 'getOpenApiDocument',
    tags: ['health'],
    summary: 'This API described as an OpenAPI 3 document',
    response: z.record(z.string(), z.unknown()),
    hidden: true,
  }),
} as const;
