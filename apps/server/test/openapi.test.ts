import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, useTestApp } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, unknown>;
}

let doc: {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};

const { ctx } = useTestApp({}, { env: { PUBLIC_URL: 'https://easyfund.example.org' } });
beforeAll(async () => {
  doc = (await as(ctx).call(api.health.openapi)).json();
});

function operations() {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method} ${path}`, op })),
  );
}

describe('the OpenAPI document', () => {
  it('names the server it is served from', () => {
    expect(doc.servers).toEqual([{ url: 'https://easyfund.example.org' }]);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations().map(({ name, op }) => op.operationId ?? name);
    expect(operations().filter(({ op }) => !op.operationId)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists security on every operation that answers 401', () => {
    const unsecured = operations()
      .filter(({ op }) => op.responses['401'] && !op.security)
      .map(({ name }) => name);
    expect(unsecured).toEqual([]);
  });

  it('is a valid OpenAPI document', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it("passes the linter's recommended rules without errors", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
  });
});
