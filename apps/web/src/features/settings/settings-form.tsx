import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { SettingsSection } from '../../components/ui/section';
import { type FieldErrors, validateForm } from '../../lib/organization-forms';

/**
 * A settings form's text values and their field errors. `field(name)` ties a <Field> to one value;
 * `submitWith` checks the values against a schema, shows its messages by the fields, and sends only
 * values that pass.
 */
export function useSettingsForm<Values extends Record<string, string>>(initial: Values) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const submitWith =
    <S extends z.ZodType<Record<string, unknown>>>(schema: S, send: (data: z.output<S>) => void) =>
    (event: FormEvent) => {
      event.preventDefault();
      const result = validateForm(schema, values);
      if (!result.ok) {
        setErrors(result.errors as FieldErrors<Values>);
        return;
      }
      setErrors({});
      send(result.data);
    };

  return { values, setValues, field, submitWith };
}

interface SettingsFormProps {
  title: string;
  description: ReactNode;
  onSubmit: (event: FormEvent) => void;
  /** The change the form sends (from useAuthMutation): whether it is on its way, and why it last failed. */
  change: { isPending: boolean; failureText: string | undefined };
  submitLabel: string;
  /** The button's words while the change is on its way. */
  pendingLabel: string;
  /** Whether there is something to send; the button stays off until there is, and while the change runs. @default true */
  ready?: boolean;
  children: ReactNode;
}

/** One settings section that is a form: its fields, and a footer with the submit button and any failure. */
export function SettingsForm({
  title,
  description,
  onSubmit,
  change,
  submitLabel,
  pendingLabel,
  ready = true,
  children,
}: SettingsFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <SettingsSection
        title={title}
        description={description}
        footer={
          <>
            {change.failureText ? (
              <p role="alert" className="mr-auto text-[13px] text-danger">
                {change.failureText}
              </p>
            ) : null}
            <Button type="submit" disabled={!ready || change.isPending}>
              {change.isPending ? pendingLabel : submitLabel}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">{children}</div>
      </SettingsSection>
    </form>
  );
}
