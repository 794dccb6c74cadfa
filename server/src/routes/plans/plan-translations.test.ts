import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite, withAdmin } from '../../../test/suites';

describe.each(DRIVERS)('plan names and descriptions per language (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));
  const api = () => suite.server.api;
  const plansFor = async (token: string, headers?: Record<string, string>) =>
    (await api().get('/api/v2/plans', { token, headers })).body as {
      plans: Array<{ code: string; name: string; description: string }>;
      currentPlan: { name: string };
    };

  it('gives the built-in plans in the account language, whatever Accept-Language says', async () => {
    const user = await createUser(suite.server, { language: 'uk' });
    const body = await plansFor(user.token, { 'accept-language': 'de' });
    expect(body.plans.find((plan) => plan.code === 'business')).toMatchObject({
      name: 'Бізнес',
      description: '1 ТіБ закріпленого сховища для команд.',
    });
    expect(body.currentPlan.name).toBe('Безкоштовний');
  });

  it('falls back to Accept-Language, then to English, field by field', async () => {
    const created = await api().post(
      '/api/v2/admin/plans',
      {
        code: 'studio',
        name: 'Studio',
        storageLimitBytes: 1024,
        priceMonthlyEur: 0,
        description: 'For studios.',
        translations: { eu: { name: 'Estudioa' }, fr: { name: 'Atelier', description: 'Pour les ateliers.' } },
      },
      { token: suite.admin.token },
    );
    expect(created.status).toBe(201);
    expect(created.body.translations).toEqual({
      eu: { name: 'Estudioa', description: '' },
      fr: { name: 'Atelier', description: 'Pour les ateliers.' },
    });

    const user = await createUser(suite.server);
    // An account whose stored language the interface no longer speaks.
    await suite.server.app.db.updateTable('users').set({ language: 'xx' }).where('id', '=', user.id).execute();
    const studio = async (acceptLanguage?: string) =>
      (await plansFor(user.token, acceptLanguage ? { 'accept-language': acceptLanguage } : undefined)).plans.find(
        (plan) => plan.code === 'studio',
      );
    expect(await studio('fr-CA, en;q=0.5')).toMatchObject({ name: 'Atelier', description: 'Pour les ateliers.' });
    expect(await studio('eu')).toMatchObject({ name: 'Estudioa', description: 'For studios.' });
    expect(await studio('ja, it;q=0.8')).toMatchObject({ name: 'Studio', description: 'For studios.' });
    expect(await studio()).toMatchObject({ name: 'Studio', description: 'For studios.' });
  });

  it('lets the administrator edit one language, remove another and keep the rest', async () => {
    await api().post(
      '/api/v2/admin/plans',
      {
        code: 'lab',
        name: 'Lab',
        storageLimitBytes: 1024,
        priceMonthlyEur: 1,
        translations: { de: { name: 'Labor' }, es: { name: 'Laboratorio' }, it: { name: 'Laboratorio' } },
      },
      { token: suite.admin.token },
    );
    const res = await api().patch(
      '/api/v2/admin/plans/lab',
      { translations: { de: { name: 'Labor', description: 'Zum Ausprobieren.' }, es: { name: '', description: '' } } },
      { token: suite.admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.translations).toEqual({
      de: { name: 'Labor', description: 'Zum Ausprobieren.' },
      it: { name: 'Laboratorio', description: '' },
    });
    const listed = (await api().get('/api/v2/admin/plans', { token: suite.admin.token })).body.plans.find(
      (plan: { code: string }) => plan.code === 'lab',
    );
    expect(listed).toEqual(res.body);
    const german = await createUser(suite.server, { language: 'de' });
    expect((await plansFor(german.token)).plans.find((plan) => plan.code === 'lab')).toMatchObject({ name: 'Labor' });

    expect((await api().delete('/api/v2/admin/plans/lab', { token: suite.admin.token })).status).toBe(204);
    const left = await suite.server.app.db.selectFrom('plan_translations').selectAll().where('plan_code', '=', 'lab').execute();
    expect(left).toEqual([]);
  });

  it('refuses English or an unknown language as a translation, and over-long texts', async () => {
    const patch = (translations: unknown) => api().patch('/api/v2/admin/plans/pro', { translations }, { token: suite.admin.token });
    for (const translations of [{ en: { name: 'Pro' } }, { xx: { name: 'Pro' } }, { de: { name: 'x'.repeat(101) } }, { de: 'Pro' }]) {
      const res = await patch(translations);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });
});
