import { Field, type FieldProps } from '../../components/ui/field';

/**
 * The current password that a change to the account asks for first: a password box the browser's
 * password manager knows to fill with the saved one.
 */
export function CurrentPasswordField(props: Omit<FieldProps, 'label' | 'type' | 'autoComplete'>) {
  return <Field label="Current password" type="password" autoComplete="current-password" {...props} />;
}
