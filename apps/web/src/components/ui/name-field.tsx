import { Field } from './field';

/**
 * The Name field of a dialog that names a thing of the product (a label, a status, a saved view):
 * the browser offers no autofill, since these names are nobody's personal details.
 */
export function NameField({
  value,
  maxLength,
  error,
  onChange,
}: {
  value: string;
  maxLength: number;
  error?: string | undefined;
  onChange: (name: string) => void;
}) {
  return (
    <Field
      label="Name"
      value={value}
      maxLength={maxLength}
      autoComplete="off"
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
