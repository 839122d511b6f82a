import { Field } from '../../components/ui/field';
import type { fieldBinder } from '../../components/ui/field-binding';
import { SelectField } from '../../components/ui/select';
import { type CreateApiKeyForm, customExpiryBounds, EXPIRY_CHOICES, type ExpiryChoice } from './api-keys';

/** When a new key stops working: never, after a set time, or at the end of a day the person picks. */
export function KeyExpiryFields({
  form,
  error,
  field,
  set,
}: {
  form: CreateApiKeyForm;
  error: string | undefined;
  field: ReturnType<typeof fieldBinder<keyof CreateApiKeyForm>>;
  set: (field: keyof CreateApiKeyForm, value: string) => void;
}) {
  const bounds = customExpiryBounds(new Date());
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <SelectField
        label="Expires"
        name="expiry"
        value={form.expiry}
        options={EXPIRY_CHOICES}
        error={form.expiry === 'custom' ? undefined : error}
        hint={form.expiry === 'never' ? 'Valid until you revoke it.' : undefined}
        onChange={(event) => set('expiry', event.currentTarget.value as ExpiryChoice)}
      />
      {form.expiry === 'custom' ? (
        <Field
          label="Expiry date"
          type="date"
          min={bounds.min}
          max={bounds.max}
          hint="The key stops working at the end of this day (up to a year from today)."
          {...field('customDay')}
          // A wrong day is the expiry's error: the day only refines that choice.
          error={error}
        />
      ) : null}
    </div>
  );
}
