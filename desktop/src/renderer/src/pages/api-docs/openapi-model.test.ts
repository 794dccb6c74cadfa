import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildReference } from './openapi-model';

describe('buildReference', () => {
  it('groups operations by tag with auth, parameters, body schema and responses', () => {
    const reference = buildReference({
      info: { title: 'Cairn API', version: '2.0.0' },
      servers: [{ url: '/api/v2' }],
      security: [{ bearerAuth: [] }],
      tags: [{ name: 'Tokens', description: 'API tokens' }],
      components: {
        parameters: { Id: { name: 'id', in: 'path', required: true } },
        responses: { TooLarge: { description: 'Body too large' } },
      },
      paths: {
        '/tokens/{id}': {
          parameters: [{ $ref: '#/components/parameters/Id' }],
          delete: {
            tags: ['Tokens'],
            summary: 'Revoke',
            responses: { '200': { description: 'The token' }, '413': { $ref: '#/components/responses/TooLarge' } },
          },
        },
        '/locales/languages': { get: { summary: 'Languages', security: [], responses: {} } },
        '/ipfs/{cid}': { servers: [{ url: '/' }], get: { tags: ['Gateway'], responses: {} } },
        '/tokens/generate': {
          post: {
            tags: ['Tokens'],
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/TokenGenerate' } } } },
          },
        },
      },
    });
    expect(reference.basePath).toBe('/api/v2');
    expect(reference.groups.map((group) => group.tag)).toEqual(['Tokens', 'API', 'Gateway']);
    expect(reference.groups[2]!.operations[0]!.basePath).toBe('');
    const [revoke, generate] = reference.groups[0]!.operations;
    expect(revoke).toMatchObject({
      method: 'DELETE',
      basePath: '/api/v2',
      authenticated: true,
      parameters: [{ name: 'id', in: 'path', required: true }],
    });
    expect(revoke!.responses).toEqual([
      { status: '200', description: 'The token' },
      { status: '413', description: 'Body too large' },
    ]);
    expect(generate!.requestSchema).toBe('TokenGenerate');
    expect(reference.groups[1]!.operations[0]!.authenticated).toBe(false);
  });

  it('reads the real openapi.yaml', () => {
    const reference = buildReference(parse(fs.readFileSync(new URL('../../../../../../openapi.yaml', import.meta.url), 'utf8')));
    expect(reference.title).toBeTruthy();
  });

  it('survives an empty or broken document', () => {
    expect(buildReference(null).groups).toEqual([]);
    expect(buildReference({ paths: 'nope' }).groups).toEqual([]);
  });
});
