import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../../components/ui/select';
import { useApi } from '../../hooks/use-api';
import { ruleSetsQueryOptions } from './rule-sets';

const NONE = '';

/**
 * Which of the organisation's rule sets the project's agents' changes are reviewed against. The list
 * loads on its own: until it arrives (or if it cannot), the current choice still shows.
 */
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
  const ruleSets = useQuery(ruleSetsQueryOptions(api));
  const names = (ruleSets.data ?? []).map((ruleSet) => ruleSet.name);
  if (value && !names.includes(value)) names.unshift(value);
  return (
    <SelectField
      label="Rule set"
      value={value ?? NONE}
      disabled={ruleSets.isPending}
      options={[
        { value: NONE, label: 'None: changes are not reviewed' },
        ...names.map((name) => ({ value: name, label: name })),
      ]}
      hint={
        ruleSets.isError
          ? 'The rule sets could not be loaded.'
          : 'Agents’ changes are reviewed against it; open HIGH findings block their tasks.'
      }
      error={error}
      onChange={(event) => onChange(event.currentTarget.value === NONE ? null : event.currentTarget.value)}
    />
  );
}
