import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoPath } from '../lib/repo-path';

const README = fs.readFileSync(repoPath('README.md'), 'utf8');
const SERVER_SRC = repoPath('server', 'src');

/** The variables named in the first column of the README's configuration table. */
function documented(): Set<string> {
  const section = README.slice(README.indexOf('\n## Configuration\n'), README.indexOf('\n## ', README.indexOf('\n## Configuration\n') + 1));
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return new Set(rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]!)));
}

/** `process.env` reads in the server's own code, outside env.ts: name → file. */
function readElsewhere(): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of fs.readdirSync(SERVER_SRC, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (file.endsWith(path.join('config', 'env.ts'))) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) found.set(match[1]!, file);
  }
  return found;
}

describe('the README documents every setting the server reads', () => {
  const fromEnv = [...fs.readFileSync(path.join(SERVER_SRC, 'config', 'env.ts'), 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)].map(
    (match) => match[1]!,
  );
  const table = documented();

  it('lists every variable env.ts reads in its configuration table', () => {
    expect(fromEnv.length).toBeGreaterThan(30);
    expect(fromEnv.filter((name) => !table.has(name))).toEqual([]);
  });

  it('names every variable read elsewhere in the server (a tuning knob in the table, a test hook in its section)', () => {
    const elsewhere = readElsewhere();
    expect(elsewhere.size).toBeGreaterThan(0);
    expect([...elsewhere.keys()].filter((name) => !README.includes(`\`${name}\``))).toEqual([]);
  });

  it('lists no variable the server does not read', () => {
    const read = new Set([...fromEnv, ...readElsewhere().keys()]);
    expect([...table].filter((name) => !read.has(name))).toEqual([]);
    expect(table.size).toBeGreaterThan(30);
  });
});
