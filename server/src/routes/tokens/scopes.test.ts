import { scopeRequirementValues, tokenScopeValues, type ScopeRequirement, type TokenScope } from '@cairn/shared/api-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createApiToken, type TestUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { everyOperation, type OperationUnderTest } from '../../../test/openapi-slots';
import { serverSuite } from '../../../test/suites';
import { tusCreate } from '../../../test/tus';

/** The scopes a token can hold besides full access. */
const SCOPES = tokenScopeValues.filter((scope) => scope !== 'all');

/** Every operation that takes a Bearer credential, read from openapi.yaml: a new one is walked as soon as it is documented. */
const operations = everyOperation().filter((op) => op.bearer);
const scopeOf = (op: OperationUnderTest) => op.operation['x-cairn-scope'] as ScopeRequirement;

/** What a token holds to be refused (`lacking`) and to pass (`holding`) the scope an operation needs. */
function tokensFor(need: ScopeRequirement): { lacking: TokenScope[] | null; holding: TokenScope[] } {
  if (need === 'any') return { lacking: null, holding: ['links:write'] };
  if (need === 'all') return { lacking: [...SCOPES], holding: ['all'] };
  // Every other scope: only the one needed is missing.
  return { lacking: SCOPES.filter((scope) => scope !== need), holding: [need] };
}

describe('every operation that takes a Bearer credential declares its scope in openapi.yaml', () => {
  it('walks the documented operations', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.map((op) => op.label)).toEqual(expect.arrayContaining(['POST /api/v2/upload', 'GET /psa/pins', 'GET /metrics']));
  });

  it.each(operations.map((op) => [op.label, op] as const))('%s', (_label, op) => {
    expect(scopeRequirementValues).toContain(scopeOf(op));
  });
});

describe.each(DRIVERS)('scoped API tokens on every operation (%s)', (driver) => {
  const suite = serverSuite(driver);
  const api = () => suite.server.api;
  let admin: TestUser;
  const tokens = new Map<string, string>();

  /** A token of the administrator holding exactly `scopes` (made once per set). */
  async function tokenWith(scopes: TokenScope[]): Promise<string> {
    const key = scopes.join(' ');
    if (!tokens.has(key)) {
      tokens.set(key, (await createApiToken(suite.server, admin, { name: key, expiresInDays: 1, scopes })).token);
    }
    return tokens.get(key)!;
  }

  beforeAll(async () => {
    admin = await createAdmin(suite.server);
  });

  /** The operation's request; a resumable upload's own URL names a live upload of the administrator, as the scope is checked once it is found. */
  async function requestOf(op: OperationUnderTest) {
    const request = { ...op.request };
    if (request.path.startsWith('/api/v2/uploads/resumable/')) {
      const created = await tusCreate(api(), '/api/v2/uploads/resumable', 4, { token: admin.token, filename: 'a.txt' });
      expect(created.status).toBe(201);
      request.path = new URL(created.headers.get('location')!, 'http://x').pathname;
    }
    return request;
  }

  async function send(op: OperationUnderTest, token: string | null, checked: boolean) {
    const request = await requestOf(op);
    return api().request(request.method, request.path, { token, headers: request.headers, json: request.json, unchecked: !checked });
  }

  it.each(operations.map((op) => [op.label, op] as const))('%s', async (_label, op) => {
    const need = scopeOf(op);
    const { lacking, holding } = tokensFor(need);

    if (lacking) {
      const refused = await send(op, await tokenWith(lacking), true);
      if (op.operation['x-cairn-scope-missing'] === 'anonymous') {
        // Not refused: answered as if no credential had been sent.
        const anonymous = await send(op, null, false);
        expect(refused.status).not.toBe(403);
        expect(refused.status).toBe(anonymous.status);
      } else if (op.label.includes(' /psa/')) {
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ error: { reason: 'INSUFFICIENT_SCOPE', details: expect.stringContaining(need) } });
      } else {
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ code: 'insufficient_scope', scope: need });
        expect(refused.body.error).toContain(need);
      }
    }

    const allowed = await send(op, await tokenWith(holding), false);
    if (op.operation['x-cairn-session-only'] === true) {
      // Past the scope, no token at all may do this: only a signed-in session.
      expect(allowed.status).toBe(403);
      expect(allowed.body).toMatchObject({ code: 'session_required' });
    } else {
      expect(allowed.status).not.toBe(403);
    }
  });
});
