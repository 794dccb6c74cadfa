import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@cairn/shared';
import { createUser, type TestUser } from '../../../test/factories';
import { DRIVERS, type TestServer } from '../../../test/harness';
import { serverSuite } from '../../../test/suites';
import { TUS, tusCreate, tusOffset, tusPatch } from '../../../test/tus';

/** The tus 1.0 protocol as its specification words it (https://tus.io/protocols/resumable-upload). */

const bytes = (size: number) => new Uint8Array(size).fill(3);

async function reserved(server: TestServer, user: TestUser): Promise<number> {
  return Number((await server.app.stores.users.findById(user.id))!.storage_reserved);
}

describe.each(DRIVERS)('the tus protocol (%s)', (driver) => {
  const suite = serverSuite(driver);
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(suite.server);
  });

  async function newUpload(length = 10): Promise<string> {
    const created = await tusCreate(suite.server.api, '/api/v2/uploads/resumable', length, { token: user.token });
    expect(created.status).toBe(201);
    return created.headers.get('location')!;
  }

  it('answers a PATCH whose body is not application/offset+octet-stream with 415, keeping nothing of it', async () => {
    const location = await newUpload();
    for (const type of ['text/plain', 'application/octet-stream', undefined]) {
      const res = await suite.server.api.request('PATCH', location, {
        token: user.token,
        headers: { ...TUS, 'Upload-Offset': '0', ...(type ? { 'Content-Type': type } : {}) },
        body: bytes(5),
      });
      expect([res.status, res.body.code], String(type)).toEqual([415, 'unsupported_media_type']);
      expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    }
    expect(await tusOffset(suite.server.api, location, user.token)).toBe(0);
  });

  it('answers a PATCH without a valid Upload-Offset with 400', async () => {
    const location = await newUpload();
    for (const offset of [undefined, 'abc', '-1']) {
      const res = await suite.server.api.request('PATCH', location, {
        token: user.token,
        headers: { ...TUS, 'Content-Type': 'application/offset+octet-stream', ...(offset ? { 'Upload-Offset': offset } : {}) },
        body: bytes(5),
      });
      expect([res.status, res.body.code], String(offset)).toEqual([400, 'invalid_upload_offset']);
    }
    expect(await tusOffset(suite.server.api, location, user.token)).toBe(0);
  });

  it('answers a Tus-Resumable it does not speak with 412 and Tus-Version, and does nothing', async () => {
    const api = suite.server.api;
    const old = { 'Tus-Resumable': '0.2.2' };
    const before = await reserved(suite.server, user);
    const create = await api.request('POST', '/api/v2/uploads/resumable', {
      token: user.token,
      headers: { ...old, 'Upload-Length': '10' },
    });
    expect([create.status, create.body.code, create.headers.get('tus-version')]).toEqual([412, 'tus_version_unsupported', '1.0.0']);
    expect(await reserved(suite.server, user)).toBe(before);

    const location = await newUpload();
    const patch = await api.request('PATCH', location, {
      token: user.token,
      headers: { ...old, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: bytes(5),
    });
    expect([patch.status, patch.headers.get('tus-version')]).toEqual([412, '1.0.0']);
    expect((await api.request('HEAD', location, { token: user.token, headers: old })).status).toBe(412);
    expect((await api.request('DELETE', location, { token: user.token, headers: old })).status).toBe(412);
    expect(await tusOffset(api, location, user.token)).toBe(0);
  });

  it('says the version it speaks in every answer, its own errors included', async () => {
    const api = suite.server.api;
    const location = await newUpload(5);
    expect((await tusPatch(api, location, 0, bytes(5), user.token)).status).toBe(200);
    const answers = [
      await api.request('HEAD', location, { token: user.token, headers: TUS }),
      await tusPatch(api, location, 5, bytes(1), user.token),
      await api.request('HEAD', '/api/v2/uploads/resumable/unknown', { token: user.token, headers: TUS }),
      await api.request('DELETE', '/api/v2/uploads/resumable/unknown', { token: user.token, headers: TUS }),
      await api.request('POST', '/api/v2/uploads/resumable', { headers: { ...TUS, 'Upload-Length': '5' } }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 409, 404, 404, 401]);
    for (const res of answers) expect(res.headers.get('tus-resumable')).toBe('1.0.0');
  });

  it('answers OPTIONS with the version, the extensions and the size cap', async () => {
    const location = await newUpload();
    for (const path of ['/api/v2/uploads/resumable', location]) {
      const res = await suite.server.api.request('OPTIONS', path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('allow'), path).toContain(path === location ? 'PATCH' : 'POST');
      expect(res.headers.get('tus-version')).toBe('1.0.0');
      expect(res.headers.get('tus-extension')).toBe('creation,expiration,termination');
      expect(res.headers.get('tus-max-size')).toBe(String(MAX_FILE_BYTES));
    }
    const signed = await suite.server.api.request('OPTIONS', '/api/v2/uploads/signed/some-secret/resumable');
    expect([signed.status, signed.headers.get('tus-version'), signed.headers.get('tus-max-size')]).toEqual([200, '1.0.0', null]);
  });

  it('takes a POST to an upload URL as the method X-HTTP-Method-Override names', async () => {
    const api = suite.server.api;
    const location = await newUpload(10);
    // Answered as the PATCH, HEAD or DELETE it stands for, which openapi.yaml documents (not as a POST).
    const override = (method: string, headers: Record<string, string> = {}, body?: Uint8Array) =>
      api.request('POST', location, {
        token: user.token,
        headers: { ...TUS, 'X-HTTP-Method-Override': method, ...headers },
        body,
        unchecked: true,
      });
    const patched = await override('PATCH', { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, bytes(4));
    expect([patched.status, patched.headers.get('upload-offset')]).toEqual([204, '4']);
    const head = await override('HEAD');
    expect([head.status, head.headers.get('upload-offset')]).toEqual([200, '4']);
    expect((await override('DELETE')).status).toBe(204);
    expect((await api.request('HEAD', location, { token: user.token, headers: TUS })).status).toBe(404);
    // Without the header, a POST is no method of an upload's URL.
    const plain = await api.request('POST', location, { token: user.token, headers: TUS });
    expect([plain.status, plain.headers.get('allow')]).toEqual([405, expect.stringContaining('PATCH')]);
  });
});
