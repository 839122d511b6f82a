import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../../components/ui/select';
import { useApi } from '../../hooks/use-api';
import { templatesQueryOptions } from './templates';

const NONE = '';

/**
 * Which of the organisation's templates the project's agents and `switchboard scaffold` use when they
 * name none. The list loads on its own: until it arrives (or if it cannot), the current choice shows.
 */
export function ProjectTemplateField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (template: string | null) => void;
  error?: string;
}) {
  const api = useApi();
  const templates = useQuery(templatesQueryOptions(api));
  const names = (templates.data ?? []).map((template) => template.name);
  if (value && !names.includes(value)) names.unshift(value);
  return (
    <SelectField
      label="Template"
      value={value ?? NONE}
      disabled={templates.isPending}
      options={[
        { value: NONE, label: 'None: agents name a template themselves' },
        ...names.map((name) => ({ value: name, label: name })),
      ]}
      hint={
        templates.isError
          ? 'The templates could not be loaded.'
          : 'Its features are what agents scaffold in this project (Settings → Organization → Templates).'
      }
      error={error}
      onChange={(event) => onChange(event.currentTarget.value === NONE ? null : event.currentTarget.value)}
    />
  );
}
