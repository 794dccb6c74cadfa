import { SUPPORTED_LANGUAGES } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

describe('/api/v2/locales', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'sqlite' });
  });
  afterAll(() => server.close());

  it('lists the 10 interface languages without authentication', async () => {
    const res = await server.api.get('/api/v2/locales/languages');
    expect(res.status).toBe(200);
    expect(res.body.languages.map((l: { code: string }) => l.code)).toEqual([...SUPPORTED_LANGUAGES]);
    expect(res.body.languages.find((l: { code: string }) => l.code === 'uk')).toEqual({
      code: 'uk',
      name: 'Ukrainian',
      native: 'Українська',
    });
  });

  it('lists ISO 3166-1 countries localised and sorted', async () => {
    const de = await server.api.get('/api/v2/locales/countries?lang=de');
    expect(de.status).toBe(200);
    expect(de.body.countries.length).toBeGreaterThanOrEqual(240);
    expect(de.body.countries.find((c: { code: string }) => c.code === 'DE').name).toBe('Deutschland');
    const names = de.body.countries.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
    const eu = await server.api.get('/api/v2/locales/countries?lang=eu');
    expect(eu.body.countries.find((c: { code: string }) => c.code === 'ES').name).toBe('Espainia');
    const en = await server.api.get('/api/v2/locales/countries');
    expect(en.body.language).toBe('en');
  });

  it('rejects an unsupported language', async () => {
    const res = await server.api.get('/api/v2/locales/countries?lang=xx');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Unsupported language');
  });
});
