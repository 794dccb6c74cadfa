import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorCodeValues } from '@cairn/shared/api-types';
import { describe, expect, it } from 'vitest';

const SOURCES = fileURLToPath(new URL('../src', import.meta.url));

/** The server's own code (tests aside), file by file. */
const sources = (fs.readdirSync(SOURCES, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => fs.readFileSync(path.join(SOURCES, file), 'utf8'));

/** The codes an error is built with: `new AppError(409, 'x'`, `badRequest('x'`, ... (over line breaks too). */
const THROWN = /\b(?:new AppError\(\s*\d+,|badRequest\(|unauthorized\(|forbidden\(|notFound\(|conflict\()\s*'([a-z0-9_]+)'/g;

/**
 * openapi.yaml's `ErrorCode` is the one list of error codes. The compiler holds the server to it
 * (`AppError` takes an `ErrorCode`); these tests keep the list from naming codes nothing sends.
 */
describe('error codes', () => {
  it('finds the codes the server builds its errors with, each one documented', () => {
    const thrown = new Set(sources.flatMap((text) => [...text.matchAll(THROWN)].map((match) => match[1]!)));
    expect(thrown.size).toBeGreaterThan(50);
    expect([...thrown].filter((code) => !(errorCodeValues as readonly string[]).includes(code))).toEqual([]);
  });

  it('documents no code the server never sends', () => {
    const unsent = errorCodeValues.filter((code) => !sources.some((text) => text.includes(`'${code}'`)));
    expect(unsent).toEqual([]);
  });
});
