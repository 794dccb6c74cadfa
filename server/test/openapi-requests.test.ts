import { describe, expect, it } from 'vitest';
import { apiRouter } from '../src/app';
import { psaRoutes } from '../src/routes/psa/index';
import { documentedRequest, validatedRequests } from './request-schemas';

/** Where two JSON Schemas differ, as `path: documented ≠ validated` lines. */
function differences(documented: unknown, validated: unknown, at = ''): string[] {
  if (JSON.stringify(documented) === JSON.stringify(validated)) return [];
  const isObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!isObject(documented) || !isObject(validated)) {
    return [`${at || '/'}: openapi.yaml ${JSON.stringify(documented)} ≠ zod ${JSON.stringify(validated)}`];
  }
  const a = documented as Record<string, unknown>;
  const b = validated as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((key) => differences(a[key], b[key], `${at}/${key}`));
}

const requests = [...validatedRequests(apiRouter()), ...validatedRequests(psaRoutes().router)];

describe('request schemas: openapi.yaml and the server validate the same requests', () => {
  it('finds the routes that validate a body or a query', () => {
    expect(requests.map((request) => request.operation)).toEqual(expect.arrayContaining(['POST /api/v2/pins', 'GET /psa/pins']));
  });

  it.each(requests.map((request) => [`${request.operation} ${request.where}`, request] as const))('%s', (_name, request) => {
    const documented = documentedRequest(request.operation, request.where);
    expect(documented, `openapi.yaml documents no ${request.where} for ${request.operation}`).toBeDefined();
    expect(differences(documented, request.zod)).toEqual([]);
  });
});
