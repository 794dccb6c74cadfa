import { beforeAll, describe, expect, it } from 'vitest';
import { carBytes, rawBlock } from '../../../test/cars';
import { createUser, fileForm, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite } from '../../../test/suites';
import { TUS, tusPatch, uploadMetadata } from '../../../test/tus';

/**
 * Names keep no character that makes them read as something else, wherever they come from:
 * `invoice\u202Efdp.exe` (a right-to-left override) shows as `invoiceexe.pdf`. Markup stays the
 * text it is: the UI (React) and the gateway's listing escape it.
 */

const SPOOFED = 'invoice\u202Efdp.exe';
const SPOOF_FREE = 'invoicefdp.exe';
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const MARKUP = '<img src=x onerror=alert(1)>\u2067.txt';

describe.each(DRIVERS)('names without bidirectional controls (%s)', (driver) => {
  const suite = serverSuite(driver);
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(suite.server);
  });

  it('drops them from the file name of an upload, and keeps markup as text', async () => {
    const spoofed = await uploadFile(suite.server, user, SPOOFED, 'one');
    expect(spoofed.name).toBe(SPOOF_FREE);
    const markup = await uploadFile(suite.server, user, MARKUP, 'two');
    expect(markup.name).toBe('<img src=x onerror=alert(1)>.txt');
  });

  it('drops them from a tus `filename`', async () => {
    const api = suite.server.api;
    const created = await api.request('POST', '/api/v2/uploads/resumable', {
      token: user.token,
      headers: { ...TUS, 'Upload-Length': '5', 'Upload-Metadata': uploadMetadata({ filename: `tus-${SPOOFED}` }) },
    });
    expect(created.status).toBe(201);
    const done = await tusPatch(api, created.headers.get('location')!, 0, new TextEncoder().encode('three'), user.token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ name: `tus-${SPOOF_FREE}`, originalName: `tus-${SPOOF_FREE}` });
  });

  it('drops them from the file name sent to a signed upload URL', async () => {
    const api = suite.server.api;
    const signed = await api.post('/api/v2/uploads/signed', { maxBytes: 100, expiresIn: 600 }, { token: user.token });
    const res = await api.request('POST', new URL(signed.body.url).pathname, {
      body: fileForm([{ name: `signed-${SPOOFED}`, content: 'four' }]),
    });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe(`signed-${SPOOF_FREE}`);
  });

  it('drops them from the file name of a CAR', async () => {
    const block = await rawBlock(new TextEncoder().encode('five'));
    const car = await carBytes([block.cid], [block]);
    const res = await suite.server.api.request('POST', '/api/v2/upload/car', {
      token: user.token,
      body: fileForm([{ name: `car-\u202Ename.car`, content: car }]),
    });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('car-name');
  });

  it("drops them from a folder's paths, in the DAG and in the records", async () => {
    const api = suite.server.api;
    const tree = [
      { name: `site/${SPOOFED}`, content: 'six' },
      { name: 'site/\u2066docs\u2069/a.txt', content: 'seven' },
    ];
    const dag = await api.request('POST', '/api/v2/upload/directory?mode=dag', { token: user.token, body: fileForm(tree) });
    expect(dag.status).toBe(201);
    expect(dag.body.files.map((file: { filename: string }) => file.filename).sort()).toEqual(['site/docs/a.txt', `site/${SPOOF_FREE}`]);
    const entries = await api.get(`/api/v2/dag/${dag.body.cid}`, { token: user.token });
    expect(entries.body.entries.map((entry: { name: string }) => entry.name)).toEqual(['docs/a.txt', SPOOF_FREE]);

    const files = await api.request('POST', '/api/v2/upload/directory?mode=files', {
      token: user.token,
      body: fileForm([{ name: `loose/files-${SPOOFED}`, content: 'eight' }]),
    });
    expect(files.status).toBe(201);
    expect(files.body.files[0]).toMatchObject({ name: `files-${SPOOF_FREE}`, originalName: `loose/files-${SPOOF_FREE}` });
  });

  it('drops them from the name a pin by CID is given', async () => {
    const owner = await createUser(suite.server);
    const held = await uploadFile(suite.server, owner, 'held.txt', 'nine');
    const res = await suite.server.api.post('/api/v2/pins', { cid: held.cid, originalName: `pin-${SPOOFED}` }, { token: user.token });
    expect(res.status).toBe(201);
    expect(res.body.upload).toMatchObject({ name: `pin-${SPOOF_FREE}`, originalName: `pin-${SPOOF_FREE}` });
  });

  it('drops them from a Pinning Service API name, which a lookup by the name as sent still finds', async () => {
    const api = suite.server.api;
    const held = await uploadFile(suite.server, await createUser(suite.server), 'psa.txt', 'ten');
    const created = await api.post('/psa/pins', { cid: held.cid, name: `psa-${SPOOFED}` }, { token: user.token });
    expect(created.status).toBe(202);
    expect(created.body.pin.name).toBe(`psa-${SPOOF_FREE}`);
    for (const name of [`psa-${SPOOFED}`, `psa-${SPOOF_FREE}`]) {
      const found = await api.get(`/psa/pins?name=${encodeURIComponent(name)}&status=queued,pinning,pinned,failed`, { token: user.token });
      expect(
        found.body.results.map((result: { requestid: string }) => result.requestid),
        name,
      ).toEqual([created.body.requestid]);
    }
  });

  it('leaves none in any record of the account', async () => {
    const list = await suite.server.api.get('/api/v2/users/me/uploads?limit=100', { token: user.token });
    expect(list.body.total).toBeGreaterThan(5);
    for (const file of list.body.files as { name: string; originalName: string | null }[]) {
      expect(BIDI.test(file.name), file.name).toBe(false);
      expect(BIDI.test(file.originalName ?? ''), file.originalName ?? '').toBe(false);
    }
  });
});
