import { useQuery } from '@tanstack/react-query';
import { NamedChoiceField } from '../../components/ui/named-choice-field';
import { useApi } from '../../hooks/use-api';
import { templatesQueryOptions } from './templates';

/**
 * Which of the organization's templates the project's agents and `switchboard scaffold` use when they
 * name none.
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
  return (
    <NamedChoiceField
      label="Template"
      choices={useQuery(templatesQueryOptions(api))}
      noneLabel="None: agents name a template themselves"
      hint="Its features are what agents scaffold in this project (Settings → Organization → Templates)."
      failedHint="The templates could not be loaded."
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
