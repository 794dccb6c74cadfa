import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderApiTypes } from '../../scripts/render-api-types.mjs';
import { auditActionValues, errorCodeValues } from './index';

const dir = fileURLToPath(new URL('.', import.meta.url));

describe('shared/src/api-types', () => {
  it('is generated from the current openapi.yaml', async () => {
    // A stale file fails here: run `npm run generate:api-types`.
    for (const [file, fresh] of Object.entries(await renderApiTypes())) {
      expect(fs.readFileSync(path.join(dir, file), 'utf8') === fresh, `${file} is stale`).toBe(true);
    }
  });

  it('lists each error code and audit action once, in snake_case', () => {
    for (const values of [errorCodeValues, auditActionValues]) {
      expect(new Set(values).size).toBe(values.length);
      for (const value of values) expect(value).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });
});
