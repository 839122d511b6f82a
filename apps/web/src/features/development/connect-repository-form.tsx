import type { RepositoryWithSecret } from '@switchboard/api-client/contract';
import { connectRepositorySchema } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { fieldBinder } from '../../components/ui/field-binding';
import { FormError } from '../../components/ui/form-error';
import { useApi } from '../../hooks/use-api';
import { fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { connectRepository, repositoryKeys } from './repositories';

type Values = { owner: string; name: string; token: string };
type Errors = Partial<Record<keyof Values | '_form', string>>;
const EMPTY: Values = { owner: '', name: '', token: '' };

/** Owner, name and an optional token; the answer's secret goes to `onConnected` to be shown once. */
export function ConnectRepositoryForm({
  projectId,
  onConnected,
}: {
  projectId: string;
  onConnected: (repository: RepositoryWithSecret) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const connect = useMutation({
    mutationFn: (body: Parameters<typeof connectRepository>[2]) => connectRepository(api, projectId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: repositoryKeys.list(projectId) }),
  });
  const set = (name: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined, _form: undefined }));
  };
  const field = fieldBinder(values, errors, set);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = connectRepositorySchema.safeParse({
      owner: values.owner,
      name: values.name,
      token: values.token.trim() || undefined,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error));
      return;
    }
    connect.mutate(parsed.data, {
      onSuccess: (repository) => {
        setValues(EMPTY);
        onConnected(repository);
      },
      onError: (error) => {
        const fields = fieldErrorsFrom(error);
        setErrors(Object.keys(fields).length > 0 ? fields : { _form: describeError(error) });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Connect a repository" className="flex flex-col gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field label="Owner" autoComplete="off" spellCheck={false} placeholder="acme" {...field('owner')} />
        <Field
          label="Repository"
          autoComplete="off"
          spellCheck={false}
          placeholder="api"
          {...field('name')}
        />
      </div>
      <Field
        label="Token (optional)"
        type="password"
        autoComplete="off"
        hint="A fine-grained token with Commit statuses: read and write, so the review gate shows on pull requests. Never shown again."
        {...field('token')}
      />
      <FormError>{errors._form}</FormError>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={connect.isPending}>
          {connect.isPending ? 'Connecting…' : 'Connect repository'}
        </Button>
      </div>
    </form>
  );
}
