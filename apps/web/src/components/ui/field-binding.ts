import type { ChangeEvent } from 'react';

type TextControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Ties text controls to one form's values, errors and setter, so each control is
 * `<Field label="Name" {...field('name')} />` instead of repeating value, error and onChange.
 */
export function fieldBinder<Name extends string>(
  values: Readonly<Record<Name, string>>,
  errors: { readonly [name: string]: string | undefined },
  set: (name: Name, value: string) => void,
) {
  return (name: Name) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<TextControl>) => set(name, event.currentTarget.value),
  });
}
