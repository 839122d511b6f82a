import { useQuery } from '@tanstack/react-query';
import { NamedChoiceField } from '../../components/ui/named-choice-field';
import { useApi } from '../../hooks/use-api';
import { ruleSetsQueryOptions } from './rule-sets';

/** Which of the organization's rule sets the project's agents' changes are reviewed against. */
export function ProjectRuleSetField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (ruleSet: string | null) => void;
  error?: string;
}) {
  const api = useApi();
  return (
    <NamedChoiceField
      label="Rule set"
      choices={useQuery(ruleSetsQueryOptions(api))}
      noneLabel="None: changes are not reviewed"
      hint="Agents’ changes are reviewed against it; open HIGH findings block their tasks."
      failedHint="The rule sets could not be loaded."
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
