import { useEffect, type RefObject } from 'react';
import type { FieldErrors } from '../lib/form-errors';

/**
 * Moves focus to the form's first invalid control each time a new set of errors is shown, so a
 * keyboard or screen-reader user lands on the problem instead of on the submit button.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, errors: FieldErrors) {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, errors]);
}
