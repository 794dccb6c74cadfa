import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPackage, listPackage } from '@electron/asar';
import { glob } from 'tinyglobby';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * electron-builder cannot fetch Electron here, so this packs what its configuration selects into
 * an asar archive the same way (@electron/asar) and checks the archive an installer would ship.
 */
const DESKTOP = path.resolve(import.meta.dirname, '../../..');
const CONFIG = path.resolve(DESKTOP, '../build/electron-builder.yml');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-asar-'));
const archive = path.join(work, 'app.asar');
let entries: string[];

interface BuilderConfig {
  appId: string;
  productName: string;
  asar: boolean;
  files: string[];
  icon: string;
  directories: { buildResources: string };
  linux: { target: string[] };
  mac: { target: string[] };
  win: { target: string[] };
}
const config = parse(fs.readFileSync(CONFIG, 'utf8')) as BuilderConfig;

beforeAll(async () => {
  if (!fs.existsSync(path.join(DESKTOP, 'out/main/index.js')))
    throw new Error('Build the desktop app first: npm run build -w @cairn/desktop');
  // The configuration's `files`: patterns, with `!` excluding, relative to desktop/ (as electron-builder reads them).
  const selected = await glob(
    config.files.filter((pattern) => !pattern.startsWith('!')),
    { cwd: DESKTOP, ignore: config.files.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1)), dot: true },
  );
  const app = path.join(work, 'app');
  for (const file of selected) {
    fs.mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
    fs.copyFileSync(path.join(DESKTOP, file), path.join(app, file));
  }
  await createPackage(app, archive);
  entries = listPackage(archive, { isPack: false }).map((entry) => entry.split(path.sep).join('/'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('the desktop app package', () => {
  it('names the app and every installer target, with its icon', () => {
    expect(config).toMatchObject({ appId: 'org.cairn.desktop', productName: 'Cairn', asar: true });
    expect([config.linux.target, config.mac.target, config.win.target]).toEqual([['AppImage', 'deb'], ['dmg'], ['nsis']]);
    expect(fs.existsSync(path.resolve(DESKTOP, config.directories.buildResources, config.icon))).toBe(true);
  });

  it('holds the main, preload and renderer bundles and the entry package.json names', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(DESKTOP, 'package.json'), 'utf8')) as { main: string };
    for (const needed of ['/package.json', `/${manifest.main}`, '/out/preload/index.cjs', '/out/renderer/index.html'])
      expect(entries).toContain(needed);
    const files = entries.filter((entry) => path.extname(entry));
    expect(files.every((entry) => /^\/(package\.json|out\/(main|preload|renderer)\/)/.test(entry))).toBe(true);
  });

  it('ships no native module, no node_modules and no server code', () => {
    expect(entries.filter((entry) => entry.endsWith('.node') || entry.includes('node_modules') || entry.includes('/server/'))).toEqual([]);
    const main = fs.readFileSync(path.join(DESKTOP, 'out/main/index.js'), 'utf8');
    // The main bundle imports Electron and Node's own modules only: everything else is inside it.
    const imports = [...main.matchAll(/from\s+"([^"]+)"|require\("([^"]+)"\)/g)].map((match) => match[1] ?? match[2]);
    expect(imports.filter((name) => name !== 'electron' && !/^(node:)?[a-z_/]+$/.test(name!))).toEqual([]);
    for (const serverOnly of ['better-sqlite3', 'koa', 'kysely', 'argon2']) expect(main).not.toMatch(new RegExp(`["']${serverOnly}["']`));
  });

  it('stays small', () => {
    const size = fs.statSync(archive).size;
    console.info(`app.asar: ${(size / 1048576).toFixed(1)} MB, ${entries.length} entries`);
    expect(size).toBeLessThan(8 * 1024 * 1024);
  });
});
