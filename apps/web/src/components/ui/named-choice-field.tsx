import { SelectField } from './select';

const NONE = '';

/**
 * A choice of one of the organization's named things (or none), from a list that loads on its own:
 * until it arrives (or if it cannot), the current choice still shows.
 */
export function NamedChoiceField({
  label,
  choices,
  noneLabel,
  hint,
  failedHint,
  value,
  onChange,
  error,
}: {
  label: string;
  /** The list's query: its data, whether it is loading, whether it failed. */
  choices: { data?: readonly { name: string }[] | undefined; isPending: boolean; isError: boolean };
  /** What choosing none means. */
  noneLabel: string;
  hint: string;
  /** Said instead of the hint when the list cannot be loaded. */
  failedHint: string;
  value: string | null;
  onChange: (name: string | null) => void;
  error?: string | undefined;
}) {
  const names = (choices.data ?? []).map((choice) => choice.name);
  if (value && !names.includes(value)) names.unshift(value);
  return (
    <SelectField
      label={label}
      value={value ?? NONE}
      disabled={choices.isPending}
      options={[{ value: NONE, label: noneLabel }, ...names.map((name) => ({ value: name, label: name }))]}
      hint={choices.isError ? failedHint : hint}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value === NONE ? null : event.currentTarget.value)}
    />
  );
}
