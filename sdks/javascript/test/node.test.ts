/**
 * The JavaScript build is the TypeScript SDK's own sources bundled: the checked-in files equal a
 * fresh build, expose the same classes and methods, and run in plain Node with no build step.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ts from '../../typescript/src';
import { bundleJavascript, javascriptTypes } from '../../typescript/scripts/build.mjs';
import { repoRoot, signUp, startHarness, type Harness } from '../../typescript/test/harness';
import { randomFile, tempDir } from '../../typescript/test/fixtures';

const jsPath = path.join(repoRoot, 'sdks/javascript/cairn.js');

function methodsOf(client: object): Record<string, string[]> {
  const shape: Record<string, string[]> = {};
  for (const [name, resource] of Object.entries(client)) {
    shape[name] = Object.getOwnPropertyNames(Object.getPrototypeOf(resource))
      .filter((m) => m !== 'constructor')
      .sort();
  }
  return shape;
}

describe('JavaScript build', () => {
  it('is the fresh bundle of the TypeScript sources, with fresh declarations', async () => {
    // A stale build fails here: run `npm run build:javascript -w @cairn/sdk`.
    expect(fs.readFileSync(jsPath, 'utf8') === (await bundleJavascript())).toBe(true);
    const fresh = tempDir('cairn-js-types-');
    try {
      await javascriptTypes(fresh.dir);
      const checkedIn = path.join(repoRoot, 'sdks/javascript/types');
      const files = (dir: string) => (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.d.ts')).sort();
      expect(files(checkedIn)).toEqual(files(fresh.dir));
      for (const file of files(fresh.dir)) {
        expect(fs.readFileSync(path.join(checkedIn, file), 'utf8') === fs.readFileSync(path.join(fresh.dir, file), 'utf8'), file).toBe(
          true,
        );
      }
    } finally {
      fresh.remove();
    }
  }, 240_000);

  it('exposes the same exports, resources and methods as the TypeScript SDK', async () => {
    const js = await import(jsPath);
    expect(Object.keys(js).sort()).toEqual(Object.keys(ts).sort());
    const options = { baseUrl: 'http://127.0.0.1:1', token: 'cairn_x' };
    const shape = methodsOf(new js.Cairn(options));
    expect(shape).toEqual(methodsOf(new ts.Cairn(options)));
    expect(shape.uploads).toEqual([
      'car',
      'delete',
      'deleteByCid',
      'directory',
      'discardResumable',
      'file',
      'files',
      'get',
      'list',
      'rename',
      'resumable',
      'setMeta',
      'setPrivate',
      'update',
    ]);
    expect(shape.pins).toEqual(['allocations', 'create', 'createAndWait', 'get', 'status', 'wait']);
    expect(shape.psa).toEqual(['add', 'get', 'list', 'remove', 'replace', 'wait']);
    // What steps 19 and 20 of the scenario (groups with key-values, signed links) call.
    expect(shape.groups).toEqual(['add', 'create', 'delete', 'get', 'list', 'remove', 'rename']);
    expect(shape.links).toEqual(['create', 'list', 'revoke']);
    // What step 21 (IPNS names) calls, and the rest of the names API.
    expect(shape.names).toEqual(['create', 'delete', 'exportKey', 'get', 'history', 'list', 'publish', 'rename', 'resolve', 'rollback']);
    // What step 22 (custom domains) calls: the whole domains API.
    expect(shape.domains).toEqual(['add', 'delete', 'list', 'verify']);
  });

  describe('in plain Node', () => {
    let harness: Harness;
    const temp = tempDir();
    beforeAll(async () => {
      harness = await startHarness();
    });
    afterAll(async () => {
      await harness?.stop();
      temp.remove();
    });

    it('uploads a file from a path and lists it, with no build step', async () => {
      const token = (await signUp(harness.url)).session;
      const file = randomFile(temp.dir, 'plain-node.bin', 70 * 1024);
      const script = `
        import { Cairn } from ${JSON.stringify(jsPath)};
        const cairn = new Cairn({ baseUrl: process.env.URL, token: process.env.TOKEN });
        const up = await cairn.uploads.file(process.env.FILE);
        const list = await cairn.uploads.list();
        console.log(JSON.stringify({ cid: up.cid, total: list.total }));`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, URL: harness.url, TOKEN: token, FILE: file },
        encoding: 'utf8',
      });
      expect(JSON.parse(out)).toMatchObject({ cid: expect.stringMatching(/^baf/), total: 1 });
    });
  });
});
