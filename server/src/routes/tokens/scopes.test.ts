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
/** Whether the operation keeps a token limited to a group within that group (`x-cairn-group: kept`). */
const keptToGroup = (op: OperationUnderTest) => op.operation['x-cairn-group'] === 'kept';

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
    expect([undefined, 'kept']).toContain(op.operation['x-cairn-group']);
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

describe.each(DRIVERS)('an API token limited to a group on every operation (%s)', (driver) => {
  const suite = serverSuite(driver);
  const api = () => suite.server.api;
  let admin: TestUser;
  /** The administrator's token holding every scope (`all`), limited to one of its groups. */
  let grouped: string;

  beforeAll(async () => {
    admin = await createAdmin(suite.server);
    const group = await api().post('/api/v2/groups', { name: 'walked' }, { token: admin.token });
    expect(group.status).toBe(201);
    grouped = (await createApiToken(suite.server, admin, { name: 'grouped', expiresInDays: 1, scopes: ['all'], groupId: group.body.id }))
      .token;
  });

  async function send(op: OperationUnderTest, token: string | null, checked: boolean) {
    const request = { ...op.request };
    if (request.path.startsWith('/api/v2/uploads/resumable/')) {
      const created = await tusCreate(api(), '/api/v2/uploads/resumable', 4, { token: admin.token, filename: 'a.txt' });
      expect(created.status).toBe(201);
      request.path = new URL(created.headers.get('location')!, 'http://x').pathname;
    }
    let json = request.json;
    if (json && typeof json === 'object' && 'groupId' in json) {
      // The filler names some group: a token limited to one puts new records in its own when none is named.
      const { groupId: _named, ...rest } = json as Record<string, unknown>;
      json = rest;
    }
    return api().request(request.method, request.path, { token, headers: request.headers, json, unchecked: !checked });
  }

  it.each(operations.map((op) => [op.label, op] as const))('%s', async (_label, op) => {
    const answer = await send(op, grouped, true);
    if (keptToGroup(op) || scopeOf(op) === 'any') {
      expect(answer.status).not.toBe(403);
    } else if (op.operation['x-cairn-scope-missing'] === 'anonymous') {
      // As a token without the scope: answered as if no credential had been sent.
      const anonymous = await send(op, null, false);
      expect(answer.status).toBe(anonymous.status);
    } else {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        error: 'This API token is limited to one group, and this operation cannot be kept to a group',
        code: 'insufficient_scope',
        scope: scopeOf(op),
      });
    }
  });
});
