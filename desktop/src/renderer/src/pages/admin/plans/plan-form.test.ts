import { GIB, planCreateSchema } from '@cairn/shared';
import { describe, expect, it } from 'vitest';
import { emptyPlanForm, formToPlan, parseDecimal, planChanges, planToForm } from './plan-form';

const pro = {
  code: 'pro',
  name: 'Pro',
  storageLimitBytes: 100 * GIB,
  priceMonthlyEur: 9.99,
  description: '100 GB',
  active: true,
  isDefault: false,
  egressLimitBytes: null,
  egressOverLimit: 'block' as const,
  requestLimitFactor: 1,
  usersCount: 3,
  translations: { de: { name: 'Pro', description: '100 GB für Einzelne' } },
};

describe('plan form', () => {
  it('shows a storage that is no whole number of GB in MB, and MB back in bytes', () => {
    expect(planToForm({ ...pro, storageLimitBytes: 500 * 1024 * 1024 })).toMatchObject({ storage: '500', unit: 'MB' });
    expect(planToForm({ ...pro, storageLimitBytes: 2 * GIB })).toMatchObject({ storage: '2', unit: 'GB' });
    expect(formToPlan({ ...emptyPlanForm(), storage: '750', unit: 'MB' }).storageLimitBytes).toBe(750 * 1024 * 1024);
  });

  it('shows storage in GB or TB and back in bytes', () => {
    expect(planToForm(pro)).toMatchObject({ storage: '100', unit: 'GB', price: '9.99' });
    expect(planToForm({ ...pro, storageLimitBytes: 1024 * GIB })).toMatchObject({ storage: '1', unit: 'TB' });
    expect(formToPlan(planToForm(pro)).storageLimitBytes).toBe(100 * GIB);
    expect(formToPlan({ ...emptyPlanForm(), storage: '1,5', unit: 'TB' }).storageLimitBytes).toBe(1.5 * 1024 * GIB);
  });

  it('reads prices with a decimal comma or point and refuses text', () => {
    expect(parseDecimal('9,99')).toBe(9.99);
    expect(parseDecimal('49.99')).toBe(49.99);
    expect(parseDecimal('abc')).toBeNaN();
    expect(parseDecimal('')).toBeNaN();
  });

  it('builds a body the shared create schema accepts', () => {
    const body = formToPlan({ ...emptyPlanForm(), code: 'team', name: 'Team', storage: '500', price: '24,99' });
    const parsed = planCreateSchema.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(planCreateSchema.safeParse(formToPlan({ ...emptyPlanForm(), code: 'Team!', name: '', storage: 'x' })).success).toBe(false);
  });

  it('reads the monthly egress allowance in GB, empty as unlimited', () => {
    expect(planToForm({ ...pro, egressLimitBytes: 50 * GIB })).toMatchObject({ egress: '50', egressOverLimit: 'block' });
    expect(formToPlan({ ...planToForm(pro), egress: '' }).egressLimitBytes).toBeNull();
    expect(formToPlan({ ...planToForm(pro), egress: '1,5' }).egressLimitBytes).toBe(1.5 * GIB);
    expect(formToPlan({ ...planToForm(pro), egress: 'lots' }).egressLimitBytes).toBeNaN();
    const form = planToForm(pro);
    expect(planChanges(pro, formToPlan({ ...form, egress: '2', egressOverLimit: 'serve' }), form)).toEqual({
      egressLimitBytes: 2 * GIB,
      egressOverLimit: 'serve',
    });
  });

  it('reads the request limit factor as a whole number, anything else as invalid', () => {
    expect(planToForm({ ...pro, requestLimitFactor: 0 })).toMatchObject({ requestLimitFactor: '0' });
    const form = planToForm(pro);
    expect(planChanges(pro, formToPlan({ ...form, requestLimitFactor: ' 10 ' }), form)).toEqual({ requestLimitFactor: 10 });
    for (const typed of ['', '1.5', '-1', 'x']) expect(formToPlan({ ...form, requestLimitFactor: typed }).requestLimitFactor).toBeNaN();
    expect(
      planCreateSchema.safeParse(formToPlan({ ...emptyPlanForm(), code: 'x', name: 'X', storage: '1', requestLimitFactor: '1001' }))
        .success,
    ).toBe(false);
  });

  it('sends only the fields that changed', () => {
    const form = planToForm(pro);
    const changes = (values: typeof form) => planChanges(pro, formToPlan(values), values);
    expect(changes({ ...form, price: '12' })).toEqual({ priceMonthlyEur: 12 });
    expect(changes({ ...form, active: false, name: 'Pro+' })).toEqual({ active: false, name: 'Pro+' });
    expect(changes(form)).toEqual({});
  });

  it('sends the languages whose texts changed, an emptied one as empty', () => {
    const form = planToForm(pro);
    const values = { ...form, translations: { de: { name: '', description: ' ' }, eu: { name: 'Pro', description: '' } } };
    expect(planChanges(pro, formToPlan(values), values)).toEqual({
      translations: { de: { name: '', description: ' ' }, eu: { name: 'Pro', description: '' } },
    });
    const created = formToPlan({
      ...emptyPlanForm(),
      code: 'team',
      name: 'Team',
      storage: '1',
      translations: { fr: { name: 'Équipe', description: '' } },
    });
    expect(created.translations).toEqual({ fr: { name: 'Équipe', description: '' } });
    expect(planCreateSchema.parse(created).translations).toEqual({ fr: { name: 'Équipe', description: '' } });
  });
});
