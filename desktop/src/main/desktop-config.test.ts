import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverUrlFrom } from './desktop-config';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-config-'));
  dirs.push(dir);
  return dir;
};

describe('serverUrlFrom', () => {
  it('takes CAIRN_SERVER_URL first, then the saved setting, then this machine', () => {
    const dir = dataDir();
    expect(serverUrlFrom({}, dir)).toEqual({ serverUrl: 'http://127.0.0.1:8080', source: 'default' });
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ serverUrl: ' https://cairn.example.org/some/path ' }));
    expect(serverUrlFrom({}, dir)).toEqual({ serverUrl: 'https://cairn.example.org', source: 'setting' });
    expect(serverUrlFrom({ CAIRN_SERVER_URL: 'http://10.0.0.2:8080/' }, dir)).toEqual({ serverUrl: 'http://10.0.0.2:8080', source: 'env' });
  });

  it('refuses what is not an http(s) address', () => {
    expect(() => serverUrlFrom({ CAIRN_SERVER_URL: 'file:///etc' }, dataDir())).toThrow('CAIRN_SERVER_URL must be an http(s) URL');
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ serverUrl: 'not a url' }));
    expect(() => serverUrlFrom({}, dir)).toThrow('The server address is not a URL');
  });
});
