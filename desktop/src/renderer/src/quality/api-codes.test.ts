import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPPORTED_LANGUAGES } from '@cairn/shared';
import { auditActionValues, errorCodeValues } from '@cairn/shared/api-types';
import { describe, expect, it } from 'vitest';

const LOCALES = fileURLToPath(new URL('../../../../../shared/src/locales', import.meta.url));

function catalogue(language: string): Record<string, Record<string, unknown>> {
  const dir = path.join(LOCALES, language);
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace('.json', ''), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))]),
  );
}

const entry = (node: unknown, key: string): unknown =>
  node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;

/**
 * The screens translate an API error by its code (`<area>:errors.<code>`, then `common:errors.<code>`)
 * and the audit log by its action (`admin:logs.action_<action>`): openapi.yaml's `ErrorCode` and
 * `AuditAction` enums, every value of which must read well in each of the ten languages.
 */
describe('API codes in the interface languages', () => {
  it.each(SUPPORTED_LANGUAGES)('%s translates every error code', (language) => {
    const namespaces = Object.values(catalogue(language));
    const untranslated = errorCodeValues.filter(
      (code) => !namespaces.some((namespace) => typeof entry(entry(namespace, 'errors'), code) === 'string'),
    );
    expect(untranslated).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES)('%s translates every audit action', (language) => {
    const logs = entry(catalogue(language).admin, 'logs');
    expect(auditActionValues.filter((action) => typeof entry(logs, `action_${action}`) !== 'string')).toEqual([]);
  });
});
