import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { saveServerUrl, serverUrlFrom } from './desktop-config';

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
  it('takes CAIRN_SERVER_URL first, then the saved setting, and has none on a first run', () => {
    const dir = dataDir();
    expect(serverUrlFrom({}, dir)).toEqual({ serverUrl: null, source: 'none' });
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ serverUrl: ' https://cairn.example.org/some/path ' }));
    expect(serverUrlFrom({}, dir)).toEqual({ serverUrl: 'https://cairn.example.org', source: 'setting' });
    expect(serverUrlFrom({ CAIRN_SERVER_URL: 'http://10.0.0.2:8080/' }, dir)).toEqual({ serverUrl: 'http://10.0.0.2:8080', source: 'env' });
  });

  it('refuses what is not an http(s) address', () => {
    expect(() => serverUrlFrom({ CAIRN_SERVER_URL: 'file:///etc' }, dataDir())).toThrow('CAIRN_SERVER_URL is not an http(s) URL');
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ serverUrl: 'not a url' }));
    expect(() => serverUrlFrom({}, dir)).toThrow('The server address is not an http(s) URL');
  });
});

describe('saveServerUrl', () => {
  it('saves the origin in settings.json, keeping the other settings, and the next start reads it', () => {
    const dir = dataDir();
    saveServerUrl(dir, 'http://127.0.0.1:9000/');
    expect(serverUrlFrom({}, dir)).toEqual({ serverUrl: 'http://127.0.0.1:9000', source: 'setting' });
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ serverUrl: 'http://127.0.0.1:9000', theme: 'dark' }));
    saveServerUrl(dir, 'https://cairn.example.org/ignored');
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'settings.json'), 'utf8'))).toEqual({
      serverUrl: 'https://cairn.example.org',
      theme: 'dark',
    });
    expect(() => saveServerUrl(dir, 'javascript:alert(1)')).toThrow('not an http(s) URL');
  });
});
