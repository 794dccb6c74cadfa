/** The `cairn` command line against a live server: piped, through a real terminal, and Ctrl-C. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cairn } from '../src';
import { runCli } from './cli-helpers';
import { makeSite, randomFile, tempDir } from './fixtures';
import { signUp, startHarness, type Harness } from './harness';

describe.sequential('cairn CLI', () => {
  let harness: Harness;
  let token: string;
  let env: Record<string, string>;
  const temp = tempDir('cairn-cli-test-');

  beforeAll(async () => {
    harness = await startHarness();
    const user = await signUp(harness.url);
    token = (await new Cairn({ baseUrl: harness.url, token: user.session }).tokens.create({ name: 'cli', expiresInDays: 1 })).token;
    env = { CAIRN_CONFIG_DIR: path.join(temp.dir, 'config'), CAIRN_API_URL: '', CAIRN_TOKEN: '' };
  });
  afterAll(async () => {
    await harness?.stop();
    temp.remove();
  });

  it('logs in with a token read from stdin, stores it with mode 0600, and the environment wins over it', async () => {
    const login = await runCli(['login', '--api-url', harness.url], env, { input: `${token}\n` });
    expect(login.code).toBe(0);
    const file = path.join(env.CAIRN_CONFIG_DIR!, 'config.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ apiUrl: harness.url, token });

    const ls = await runCli(['ls', '--json'], env);
    expect(ls.code).toBe(0);
    expect(JSON.parse(ls.stdout)).toEqual([]);

    const overridden = await runCli(['usage', '--json'], { ...env, CAIRN_TOKEN: 'cairn_not_a_real_token_at_all_000000000000000000' });
    expect(overridden.code).toBe(3);
    expect(JSON.parse(overridden.stderr)).toMatchObject({ status: 401, code: 'invalid_token' });
  });

  it('uploads piped: JSON on stdout, plain progress lines on stderr', async () => {
    const file = randomFile(temp.dir, 'piped.bin', 3 * 1024 * 1024);
    const run = await runCli(['upload', file, '--json', '--cid-version', '0'], env);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ name: 'piped.bin', size: 3 * 1024 * 1024, duplicate: false });
    expect(result.cid).toMatch(/^Qm/);
    expect(run.stderr).not.toContain('\r');
    expect(run.stderr).toMatch(/upload .*piped\.bin: 0% \(0 B of 3\.0 MiB\)\n/);
    expect(run.stderr).toMatch(/upload .*piped\.bin: done, 3\.0 MiB at .+\/s\n/);
  });

  it('draws a progress bar with speed and ETA on a terminal', async () => {
    const file = randomFile(temp.dir, 'tty.bin', 8 * 1024 * 1024);
    const run = await runCli(['upload', file], env, { tty: true });
    expect(run.code).toBe(0);
    // The bar is redrawn in place: carriage return, then "erase line" (ESC [2K).
    const redraw = `\r${String.fromCharCode(27)}[2K`;
    expect(run.stdout).toContain(`${redraw}upload `);
    expect(run.stdout).toMatch(/upload .*tty\.bin \[[#-]{24}\] +\d+% [\d.]+ [KMG]?i?B\/8\.0 MiB [\d.]+ [KMG]?i?B\/s (ETA|in) /);
    expect(run.stdout).toMatch(/\[#{24}\] 100% 8\.0 MiB\/8\.0 MiB .* in \d+s/);
    expect(run.stdout).toMatch(/baf\w+ {2}tty\.bin/);
  });

  it('draws the same bar for a resumable upload on a terminal, chunk after chunk', async () => {
    const file = randomFile(temp.dir, 'tty-resumable.bin', 20 * 1024 * 1024);
    const run = await runCli(['upload', file, '--resumable'], env, { tty: true });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/upload .*tty-resumable\.bin \[[#-]{24}\] +\d+% /);
    expect(run.stdout).toMatch(/\[#{24}\] 100% 20\.0 MiB\/20\.0 MiB .* in \d+s/);
    expect(run.stdout).toMatch(/baf\w+ {2}tty-resumable\.bin/);
  });

  it('uploads a folder as one DAG by default and as files with --files', async () => {
    const site = makeSite(path.join(temp.dir, 'cli-site'));
    const dag = await runCli(['upload', site.root, '--json', '--quiet'], env);
    expect(dag.code).toBe(0);
    expect(JSON.parse(dag.stdout)).toMatchObject({ type: 'directory', name: 'site', size: expect.any(Number) });
    const files = await runCli(['upload', site.root, '--files', '--json', '--quiet'], env);
    expect(files.code).toBe(0);
    expect(JSON.parse(files.stdout).files).toHaveLength(3);
  });

  it('shows, renames, downloads and deletes a file by CID, with exit codes for each failure', async () => {
    const file = randomFile(temp.dir, 'cycle.bin', 100_000);
    const { cid } = JSON.parse((await runCli(['upload', file, '--json', '--quiet'], env)).stdout);
    expect(JSON.parse((await runCli(['info', cid, '--json'], env)).stdout)).toMatchObject({ cid, name: 'cycle.bin' });

    const bad = await runCli(['rename', cid, 'bad name!'], env);
    expect(bad.code).toBe(8);
    expect(bad.stderr).toMatch(/^cairn: /);
    const renamed = await runCli(['rename', cid, 'cycle-renamed.bin', '--json'], env);
    expect(JSON.parse(renamed.stdout).name).toBe('cycle-renamed.bin');

    const out = path.join(temp.dir, 'downloaded.bin');
    const get = await runCli(['get', cid, '-o', out, '--json'], env);
    expect(get.code).toBe(0);
    expect(fs.readFileSync(out).equals(fs.readFileSync(file))).toBe(true);

    expect((await runCli(['rm', cid], env)).code).toBe(0);
    expect((await runCli(['rm', cid], env)).code).toBe(4);
    expect((await runCli(['frobnicate'], env)).code).toBe(2);
    expect((await runCli(['usage'], { ...env, CAIRN_CONFIG_DIR: path.join(temp.dir, 'nowhere') })).code).toBe(3);
  });

  it('pins a CID of another account, waiting with progress', async () => {
    const other = await signUp(harness.url);
    const { cid } = await new Cairn({ baseUrl: harness.url, token: other.session }).uploads.file(
      new TextEncoder().encode(`other ${Date.now()}`),
    );
    const run = await runCli(['pin', cid, '--name', 'from-cli.txt', '--json'], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'pinned', upload: { cid, name: 'from-cli.txt' } });
    expect(run.stderr).toContain(`pin ${cid}: pinned`);
  });

  it('manages tokens and reads usage', async () => {
    const created = JSON.parse((await runCli(['tokens', 'create', '--name', 'cli-made', '--expires-in-days', '2', '--json'], env)).stdout);
    expect(created.token).toMatch(/^cairn_/);
    const list = JSON.parse((await runCli(['tokens', 'list', '--json'], env)).stdout);
    expect(list.map((t: { name: string }) => t.name)).toContain('cli-made');
    const scoped = JSON.parse(
      (await runCli(['tokens', 'create', '--name', 'cli-read', '--scope', 'files:read', '--scope', 'pins:write', '--json'], env)).stdout,
    );
    expect(scoped.scopes).toEqual(['files:read', 'pins:write']);
    expect(created.scopes).toEqual(['all']);
    const denied = await runCli(['tokens', 'list', '--json'], { ...env, CAIRN_TOKEN: scoped.token });
    expect(JSON.parse(denied.stderr)).toMatchObject({ status: 403, code: 'insufficient_scope' });
    // A token limited to a group, named by its name: it sees that group alone.
    const album = JSON.parse((await runCli(['groups', 'create', 'Token album', '--json'], env)).stdout);
    const grouped = JSON.parse(
      (await runCli(['tokens', 'create', '--name', 'cli-album', '--scope', 'files:read', '--group', 'Token album', '--json'], env)).stdout,
    );
    expect(grouped).toMatchObject({ groupId: album.id, groupName: 'Token album' });
    const seen = JSON.parse((await runCli(['groups', 'list', '--json'], { ...env, CAIRN_TOKEN: grouped.token })).stdout);
    expect(seen.map((g: { id: string }) => g.id)).toEqual([album.id]);
    expect((await runCli(['tokens', 'list'], env)).stdout).toContain('Token album');
    // Deleting the group stops the token.
    expect((await runCli(['groups', 'delete', 'Token album', '--json'], env)).code).toBe(0);
    const stopped = await runCli(['groups', 'list', '--json'], { ...env, CAIRN_TOKEN: grouped.token });
    expect(JSON.parse(stopped.stderr)).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect((await runCli(['tokens', 'list'], env)).stdout).toContain(`${album.id} (deleted)`);
    const revoked = JSON.parse((await runCli(['tokens', 'revoke', created.id, '--json'], env)).stdout);
    expect(revoked.status).toBe('revoked');
    const usage = JSON.parse((await runCli(['usage', '--json'], env)).stdout);
    expect(usage.used).toBeGreaterThan(0);
  });

  it('uploads a private file and shares it: a signed link opens it, the bare CID does not', async () => {
    const file = path.join(temp.dir, 'private-notes.txt');
    fs.writeFileSync(file, 'cli secret');
    const uploaded = await runCli(['upload', file, '--private', '--json'], env);
    expect(uploaded.code).toBe(0);
    const record = JSON.parse(uploaded.stdout);
    expect(record.private).toBe(true);
    const onServer = (url: string) => url.replace(/^https?:\/\/[^/]+/, harness.url);
    expect((await fetch(`${harness.url}/ipfs/${record.cid}`)).status).toBe(404);

    const made = await runCli(
      ['share', 'create', record.cid, '--expires', '10m', '--download-name', 'notes.txt', '--single-use', '--json'],
      env,
    );
    expect(made.code).toBe(0);
    const link = JSON.parse(made.stdout);
    expect(link).toMatchObject({ singleUse: true, downloadName: 'notes.txt', cid: record.cid });
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const listed = JSON.parse((await runCli(['share', 'list', record.uploadId, '--json'], env)).stdout);
    expect(listed.map((l: { id: string }) => l.id)).toEqual([link.id]);
    const opened = await fetch(onServer(link.url));
    expect(opened.status).toBe(200);
    expect(await opened.text()).toBe('cli secret');
    expect((await fetch(onServer(link.url))).status).toBe(410);

    const second = JSON.parse((await runCli(['share', 'create', record.cid, '--expires', '1h', '--json'], env)).stdout);
    expect((await runCli(['share', 'revoke', record.cid, second.id], env)).code).toBe(0);
    expect((await fetch(onServer(second.url))).status).toBe(403);
    expect((await runCli(['share', 'create', record.cid, '--expires', '31d'], env)).code).toBe(2);

    const madePublic = await runCli(['share', 'public', record.cid], env);
    expect(madePublic.stdout).toContain('public');
    expect((await fetch(`${harness.url}/ipfs/${record.cid}`)).status).toBe(200);
  });

  it('manages groups and puts uploads and pins in them with key-values', async () => {
    const made = JSON.parse((await runCli(['groups', 'create', 'Reports 2026', '--json'], env)).stdout);
    expect(made).toMatchObject({ name: 'Reports 2026', filesCount: 0 });
    const file = path.join(temp.dir, `grouped-${Date.now()}.txt`);
    fs.writeFileSync(file, `grouped ${Date.now()}`);
    const up = await runCli(['upload', file, '--group', 'Reports 2026', '--meta', 'env=prod', '--meta', 'note=a=b', '--json'], env);
    expect(up.code, up.stderr).toBe(0);
    const uploaded = JSON.parse(up.stdout);
    expect(uploaded.meta).toEqual({ env: 'prod', note: 'a=b' });
    const client = new Cairn({ baseUrl: harness.url, token });
    expect((await client.uploads.list({ groupId: made.id, meta: { env: 'prod' } })).files.map((f) => f.uploadId)).toEqual([
      uploaded.uploadId,
    ]);

    const other = await signUp(harness.url);
    const { cid } = await new Cairn({ baseUrl: harness.url, token: other.session }).uploads.file(
      new TextEncoder().encode(`g ${Date.now()}`),
    );
    const pinned = await runCli(['pin', cid, '--group', made.id, '--meta', 'src=pin', '--json'], env);
    expect(pinned.code, pinned.stderr).toBe(0);
    expect(JSON.parse(pinned.stdout).upload.meta).toEqual({ src: 'pin' });

    const removed = JSON.parse((await runCli(['groups', 'remove', 'Reports 2026', uploaded.uploadId, '--json'], env)).stdout);
    expect(removed).toEqual({ removed: 1 });
    const added = JSON.parse((await runCli(['groups', 'add', 'Reports 2026', uploaded.uploadId, '--json'], env)).stdout);
    expect(added).toEqual({ added: 1 });
    expect((await runCli(['groups', 'rename', 'Reports 2026', 'Reports', '--json'], env)).code).toBe(0);
    const listed = JSON.parse((await runCli(['groups', 'list', '--json'], env)).stdout);
    expect(listed).toEqual([expect.objectContaining({ id: made.id, name: 'Reports', filesCount: 2 })]);
    expect((await runCli(['upload', file, '--meta', 'novalue'], env)).code).toBe(2);
    expect((await runCli(['groups', 'delete', 'nope'], env)).code).toBe(4);
    expect((await runCli(['groups', 'delete', 'Reports'], env)).code).toBe(0);
    // The files stay.
    expect((await client.uploads.get(uploaded.uploadId)).groups).toEqual([]);
  });

  it('publishes an IPNS name by label, id or k51 name, resolves it, reads its history and rolls it back', async () => {
    const client = new Cairn({ baseUrl: harness.url, token });
    const a = await client.uploads.file(new TextEncoder().encode(`name a ${Date.now()}`));
    const b = await client.uploads.file(new TextEncoder().encode(`name b ${Date.now()}`));
    const made = JSON.parse((await runCli(['name', 'create', 'CLI site', '--json'], env)).stdout);
    expect(made).toMatchObject({ label: 'CLI site', value: null, name: expect.stringMatching(/^k51/) });
    expect((await runCli(['name', 'create'], env)).code).toBe(2);

    const first = await runCli(['name', 'publish', 'CLI site', a.cid, '--json'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ id: made.id, value: `/ipfs/${a.cid}` });
    const second = await runCli(['name', 'publish', made.id, `/ipfs/${b.cid}`, '--ttl', '30'], env);
    expect(second.stdout).toContain(`${made.name} -> /ipfs/${b.cid}  (sequence`);
    expect((await runCli(['name', 'resolve', made.name], env)).stdout).toBe(`/ipfs/${b.cid}\n`);

    const history = JSON.parse((await runCli(['name', 'history', made.name, '--json'], env)).stdout);
    expect(history.map((p: { value: string }) => p.value)).toEqual([`/ipfs/${b.cid}`, `/ipfs/${a.cid}`]);
    expect((await runCli(['name', 'history', 'CLI site'], env)).stdout).toMatch(/^SEQ +SOURCE +PUBLISHED +VALUE\n/);
    const rolledBack = JSON.parse((await runCli(['name', 'rollback', 'CLI site', String(history[1].sequence), '--json'], env)).stdout);
    expect(rolledBack.value).toBe(`/ipfs/${a.cid}`);
    expect(rolledBack.sequence).toBeGreaterThan(history[0].sequence);
    const resolved = JSON.parse((await runCli(['name', 'resolve', 'CLI site', '--json'], env)).stdout);
    expect(resolved).toMatchObject({ name: made.name, value: `/ipfs/${a.cid}`, sequence: rolledBack.sequence });
    const listed = JSON.parse((await runCli(['name', 'list', '--json'], env)).stdout);
    expect(listed).toEqual([expect.objectContaining({ id: made.id, value: `/ipfs/${a.cid}` })]);
    expect((await runCli(['name', 'list'], env)).stdout).toContain(`${made.name}  ${rolledBack.sequence}`);

    const other = await signUp(harness.url);
    const { cid } = await new Cairn({ baseUrl: harness.url, token: other.session }).uploads.file(
      new TextEncoder().encode(`n ${Date.now()}`),
    );
    const notHeld = await runCli(['name', 'publish', made.name, cid, '--json'], env);
    expect(notHeld.code).toBe(8);
    expect(JSON.parse(notHeld.stderr)).toMatchObject({ status: 400, code: 'name_value_not_held' });
    expect((await runCli(['name', 'rollback', made.id, '999'], env)).code).toBe(4);
    expect((await runCli(['name', 'publish', 'no such label', a.cid], env)).code).toBe(4);
    expect((await runCli(['name', 'delete', 'CLI site'], env)).code).toBe(0);
    expect((await runCli(['name', 'resolve', made.name], env)).code).toBe(4);
  });

  it('adds a custom domain, prints its DNSLink record, checks it and deletes it by host name', async () => {
    const client = new Cairn({ baseUrl: harness.url, token });
    const site = await client.names.create(`domain site ${Date.now()}`);
    const hostname = `cli-${Date.now()}.example.org`;
    const added = await runCli(['domain', 'add', hostname.toUpperCase(), `/ipns/${site.name}`], env);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain(`${hostname} -> /ipns/${site.name}  (pending)`);
    expect(added.stdout).toContain(`DNS: _dnslink.${hostname}  TXT  "dnslink=/ipns/${site.name}"`);
    expect((await runCli(['domain', 'add', hostname], env)).code).toBe(2);

    const checked = JSON.parse((await runCli(['domain', 'verify', `${hostname}.`, '--json'], env)).stdout);
    expect(checked).toMatchObject({ hostname, status: 'failed', lastError: 'no dnslink= TXT record' });
    const listed = await runCli(['domain', 'list'], env);
    expect(listed.stdout).toMatch(/^ID +HOSTNAME +STATUS +TARGET\n/);
    expect(listed.stdout).toContain(`${checked.id}  ${hostname}  failed  /ipns/${site.name}`);

    const taken = await runCli(['domain', 'add', hostname, `/ipns/${site.name}`, '--json'], env);
    expect(taken.code).toBe(6);
    expect(JSON.parse(taken.stderr)).toMatchObject({ status: 409, code: 'domain_taken' });
    const notHeld = await runCli(
      ['domain', 'add', `other-${hostname}`, '/ipns/k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8', '--json'],
      env,
    );
    expect(notHeld.code).toBe(8);
    expect(JSON.parse(notHeld.stderr)).toMatchObject({ status: 400, code: 'domain_target_not_held' });

    expect((await runCli(['domain', 'delete', hostname], env)).stdout).toBe(`deleted ${hostname}; it serves nothing from now on\n`);
    const gone = await runCli(['domain', 'delete', checked.id, '--json'], env);
    expect(gone.code).toBe(4);
    expect(JSON.parse(gone.stderr)).toMatchObject({ status: 404, code: 'domain_not_found' });
    expect((await runCli(['domain', 'list', '--json'], env)).stdout).toBe('[]\n');
  });

  it('uploads a CAR with --car and shows per-node status; an unknown CID exits 4', async () => {
    const site = makeSite(path.join(temp.dir, 'car-site'));
    const { cid } = await new Cairn({ baseUrl: harness.url, token }).uploads.directory(site.root);
    const car = path.join(temp.dir, 'site.car');
    fs.writeFileSync(car, new Uint8Array(await (await fetch(`${harness.url}/ipfs/${cid}?format=car`)).arrayBuffer()));
    const run = await runCli(['upload', car, '--car', '--json', '--quiet'], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ cid, type: 'directory', duplicate: true });
    expect((await runCli(['upload', site.root, '--car'], env)).code).toBe(2);

    const status = await runCli(['status', cid], env);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(new RegExp(`^${cid}  \\(embedded, replication 1 to 1\\)\n  \\S+  pinned\n$`));
    const json = JSON.parse((await runCli(['status', cid, '--json'], env)).stdout);
    expect(json).toMatchObject({ cid, peers: [{ status: 'pinned' }], allocation: { replicationMin: 1, replicationMax: 1 } });
    const unknown = await runCli(['status', 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy', '--json'], env);
    expect(unknown.code).toBe(4);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ status: 404, code: 'file_not_found' });
  });

  it('on Ctrl-C a big upload exits 130 with no record, and the same command continues it', async () => {
    const big = path.join(temp.dir, 'interrupted.bin');
    fs.writeFileSync(big, '');
    // Over the 64 MiB from which uploads go resumably; sparse, so it costs no disk.
    fs.truncateSync(big, 200 * 1024 * 1024);
    let sent = false;
    const run = await runCli(['upload', big], env, {
      onStderr: (text, kill) => {
        if (!sent && text.includes('interrupted.bin: 0%')) {
          sent = true;
          setTimeout(() => kill('SIGINT'), 200);
        }
      },
    });
    expect(sent).toBe(true);
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('cairn: Cancelled');
    expect(run.stderr).toContain('run the same command again to continue');
    const ls = JSON.parse((await runCli(['ls', '--json', '--search', 'interrupted'], env)).stdout);
    expect(ls).toEqual([]);
    const kept = JSON.parse(fs.readFileSync(path.join(env.CAIRN_CONFIG_DIR!, 'uploads.json'), 'utf8'));
    expect(Object.keys(kept)).toHaveLength(1);

    const again = await runCli(['upload', big, '--json'], env);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ name: 'interrupted.bin', size: 200 * 1024 * 1024, duplicate: false });
    // It started where the server stood, not at 0%.
    expect(again.stderr).toMatch(/interrupted\.bin: \d+% \(/);
    expect(again.stderr).not.toContain('(0 B of');
    expect(again.stderr).toMatch(/interrupted\.bin: done/);
    expect(JSON.parse(fs.readFileSync(path.join(env.CAIRN_CONFIG_DIR!, 'uploads.json'), 'utf8'))).toEqual({});
  });
});
