import { CheckboxField, Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select';
import type { VariableDraft, VariableField } from './variable-fields';

function labelOf(field: VariableField): string {
  return field.required ? `${field.name} *` : field.name;
}

/**
 * The form of a method's variables, generated from its variables_schema: text, checkbox, select or
 * number per property, required ones marked, descriptions as hints, errors at their fields.
 */
export function VariablesForm({
  fields,
  draft,
  errors,
  onChange,
  onTouch,
}: {
  fields: readonly VariableField[];
  draft: VariableDraft;
  /** The server's words per field name. */
  errors: Record<string, string>;
  onChange: (draft: VariableDraft) => void;
  /** A field was changed or left: from then on its errors are shown. */
  onTouch: (name: string) => void;
}) {
  if (fields.length === 0) {
    return <p className="text-[13px] text-muted-foreground">This method takes no variables.</p>;
  }
  const set = (name: string, value: string | boolean) => {
    onTouch(name);
    onChange({ ...draft, [name]: value });
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="sr-only">Variables</legend>
      {fields.map((field) => {
        const value = draft[field.name];
        const error = errors[field.name];
        switch (field.kind) {
          case 'checkbox':
            return (
              <CheckboxField
                key={field.name}
                label={labelOf(field)}
                hint={field.description}
                error={error}
                checked={value === true}
                onChange={(event) => set(field.name, event.currentTarget.checked)}
              />
            );
          case 'select':
            return (
              <SelectField
                key={field.name}
                label={labelOf(field)}
                hint={field.description}
                error={error}
                required={field.required}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => set(field.name, event.target.value)}
                onBlur={() => onTouch(field.name)}
                options={[
                  ...(field.required ? [] : [{ value: '', label: '—' }]),
                  ...(field.options ?? []).map((option) => ({ value: option, label: option })),
                ]}
              />
            );
          default:
            return (
              <Field
                key={field.name}
                label={labelOf(field)}
                hint={field.description ?? (field.kind === 'json' ? 'JSON' : undefined)}
                error={error}
                required={field.required}
                type={field.kind === 'number' ? 'number' : 'text'}
                step={field.kind === 'number' ? (field.integer ? 1 : 'any') : undefined}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => set(field.name, event.target.value)}
                onBlur={() => onTouch(field.name)}
                spellCheck={false}
                autoComplete="off"
              />
            );
        }
      })}
    </fieldset>
  );
}
