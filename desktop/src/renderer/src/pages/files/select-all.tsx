import { useEffect, useRef } from 'react';

/** The tick box for the whole page: every row ticked, some (shown as mixed), or none. */
export function SelectAll({ checked, mixed, onChange }: { checked: boolean; mixed: boolean; onChange(checked: boolean): void }) {
  const ref = useRef<HTMLInputElement>(null);
  // `indeterminate` exists only as a DOM property, not as an attribute React could set.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  // Named by the <label> around it.
  return <input ref={ref} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />;
}
