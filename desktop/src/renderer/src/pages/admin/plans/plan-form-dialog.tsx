import { planCreateSchema, planUpdateSchema } from '@cairn/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPlan } from '@cairn/shared/api-types';
import { adminApi } from '../../../api/admin';
import { FormAlert, SelectField, TextField } from '../../../components/field';
import { Modal } from '../../../components/modal';
import { FormDialogActions } from '../../../components/form-dialog-actions';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import { fieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { emptyPlanForm, formToPlan, planChanges, planToForm, STORAGE_UNITS, type PlanFormValues, type StorageUnit } from './plan-form';
import { PlanTextFields } from './plan-text-fields';

/** Form fields named as the request fields they fill. */
const FIELD_OF: Record<string, keyof PlanFormValues> = {
  storageLimitBytes: 'storage',
  priceMonthlyEur: 'price',
  egressLimitBytes: 'egress',
};
const SPECIFIC: Partial<Record<keyof PlanFormValues, string>> = {
  code: 'admin:plans.code_invalid',
  storage: 'admin:plans.storage_invalid',
  price: 'admin:plans.price_invalid',
  requestLimitFactor: 'admin:plans.request_limit_factor_invalid',
};

function formErrors(error: Parameters<typeof fieldErrors>[0], body: Record<string, unknown>, values: PlanFormValues): FieldErrors {
  const result: FieldErrors = {};
  for (const [field, problem] of Object.entries(fieldErrors(error, body))) {
    const target = FIELD_OF[field] ?? (field as keyof PlanFormValues);
    const typed = values[target];
    const empty = typeof typed === 'string' && typed.trim() === '';
    result[target] = empty ? { key: 'validation.required' } : SPECIFIC[target] ? { key: SPECIFIC[target] } : problem;
  }
  return result;
}

/** Creates a plan, or edits one (its code stays). Checked with the API's own schemas first. */
export function PlanFormDialog({ plan, onClose, onSaved }: { plan: AdminPlan | null; onClose(): void; onSaved(plan: AdminPlan): void }) {
  const { t } = useTranslation(['admin', 'bandwidth']);
  const errorText = useAreaErrorText('admin');
  const id = useId();
  const [values, setValues] = useState<PlanFormValues>(plan ? planToForm(plan) : emptyPlanForm());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = formToPlan(values);
    const changes = plan ? planChanges(plan, body, values) : null;
    const parsed = plan ? planUpdateSchema.safeParse(changes) : planCreateSchema.safeParse(body);
    if (plan && changes && Object.keys(changes).length === 0) return onClose();
    if (!parsed.success) {
      setErrors(formErrors(parsed.error, plan ? { ...changes } : body, values));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = plan
        ? await adminApi.updatePlan(plan.code, planUpdateSchema.parse(changes))
        : await adminApi.createPlan(planCreateSchema.parse(body));
      onSaved(saved);
    } catch (error) {
      setFormError(errorText(error, 'errors.plan_save'));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={plan ? t('plans.edit_title', { name: plan.name }) : t('plans.new_title')}
      onClose={busy ? undefined : onClose}
      footer={
        <FormDialogActions
          formId={`${id}-form`}
          busy={busy}
          onCancel={onClose}
          submitLabel={busy ? t('common:actions.saving') : plan ? t('common:actions.save') : t('plans.create')}
        />
      }
    >
      <form id={`${id}-form`} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert message={formError} />
        <TextField
          label={t('plans.code')}
          name="code"
          value={values.code}
          onChange={(e) => set('code', e.target.value)}
          error={errors.code}
          hint={plan ? t('plans.code_fixed') : t('plans.code_hint')}
          disabled={Boolean(plan)}
          spellCheck={false}
          autoCapitalize="none"
        />
        <PlanTextFields values={values} errors={errors} onChange={setValues} />
        <div className="form-row">
          <div className="storage-input">
            <TextField
              label={t('plans.storage')}
              name="storage"
              inputMode="decimal"
              value={values.storage}
              onChange={(e) => set('storage', e.target.value)}
              error={errors.storage}
            />
            <SelectField
              label={t('plans.unit')}
              name="unit"
              value={values.unit}
              onChange={(e) => set('unit', e.target.value as StorageUnit)}
            >
              {Object.keys(STORAGE_UNITS).map((unit) => (
                <option key={unit} value={unit}>
                  {t(`plans.unit_${unit}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <TextField
            label={t('plans.price')}
            name="price"
            inputMode="decimal"
            value={values.price}
            onChange={(e) => set('price', e.target.value)}
            error={errors.price}
            hint={t('plans.price_hint')}
          />
        </div>
        <div className="form-row">
          <TextField
            label={t('bandwidth:plan_allowance')}
            name="egress"
            inputMode="decimal"
            value={values.egress}
            onChange={(e) => set('egress', e.target.value)}
            error={errors.egress}
            hint={t('bandwidth:plan_allowance_hint')}
          />
          <SelectField
            label={t('bandwidth:plan_over_limit')}
            name="egressOverLimit"
            value={values.egressOverLimit}
            onChange={(e) => set('egressOverLimit', e.target.value as PlanFormValues['egressOverLimit'])}
          >
            <option value="block">{t('bandwidth:plan_block')}</option>
            <option value="serve">{t('bandwidth:plan_serve')}</option>
          </SelectField>
        </div>
        <TextField
          label={t('plans.request_limit_factor')}
          name="requestLimitFactor"
          inputMode="numeric"
          value={values.requestLimitFactor}
          onChange={(e) => set('requestLimitFactor', e.target.value)}
          error={errors.requestLimitFactor}
          hint={t('plans.request_limit_factor_hint')}
        />
        <label className="checkbox">
          <input type="checkbox" checked={values.active} onChange={(e) => set('active', e.target.checked)} name="active" />
          <span>{t('plans.active_label')}</span>
        </label>
        {errors.active && <p className="field-error">{t('plans.default_must_be_active')}</p>}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.isDefault}
            onChange={(e) => set('isDefault', e.target.checked)}
            name="isDefault"
            disabled={plan?.isDefault}
          />
          <span>{t('plans.default_label')}</span>
        </label>
      </form>
    </Modal>
  );
}
