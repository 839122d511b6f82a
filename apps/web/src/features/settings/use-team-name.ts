import { type FormEvent, useState } from 'react';
import { teamNameSchema, validateForm } from '../../lib/organization-forms';

/** A team name being typed: checked on submit, and handed on only when it is a valid name. */
export function useTeamName(initial: string, onValid: (name: string) => void) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(teamNameSchema, { name });
    if (!result.ok) {
      setError(result.errors.name);
      return;
    }
    setError(undefined);
    onValid(result.data.name);
  };
  /** Back to `to` (the team's name as it is now), without an error. */
  const reset = (to: string) => {
    setName(to);
    setError(undefined);
  };
  return { name, setName, error, submit, reset };
}
