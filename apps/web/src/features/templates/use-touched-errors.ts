import { useState } from 'react';

/**
 * A form's refusals by field name, each held back until the person has been at its field (changed it or
 * left it): a new form is not wrong, only unfilled. `_form` names the form as a whole.
 */
export function useTouchedErrors(fieldErrors: Readonly<Record<string, string>>) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const touch = (name: string) => setTouched((known) => (known.has(name) ? known : new Set(known).add(name)));
  return {
    touch,
    /** The errors to show at their fields. */
    errors: Object.fromEntries(Object.entries(fieldErrors).filter(([name]) => touched.has(name))),
    /** The fields refused but not yet touched: what is still to fill in. */
    unfilled: Object.keys(fieldErrors).filter((name) => name !== '_form' && !touched.has(name)),
  };
}
